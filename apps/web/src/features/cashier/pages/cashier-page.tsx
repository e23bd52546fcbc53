import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import { PHARMACY_LIVE } from '@klinikita/domain/pharmacy/pharmacy.events';
import { SERVICE_EVENTS } from '@klinikita/domain/services/service-performed.events';
import { Alert, Card, Grid, Group, Pagination, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveListener, useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { BILLING_QUERIES, type CashierTab, type Registration, useCashierQueue } from '../api/cashier-api.ts';
import { BillPanel } from '../components/bill-panel.tsx';
import { CashierQueueTable } from '../components/cashier-queue-table.tsx';
import { LoadState } from '../components/load-state.tsx';
import { ShiftBar } from '../components/shift-bar.tsx';

// events after which an open bill may have changed: something done or dispensed for the visit
const BILL_EVENTS: readonly string[] = [SERVICE_EVENTS.performed, PHARMACY_LIVE.updated, LIVE_RESYNC];

/**
 * `/Payment/payment` (Kasir, issue 18 §2): the working clinic's visits waiting at the cashier
 * today, live, and those paid today; a visit opens its bill beside the list — lines, discounts,
 * totals — and the split payment that moves it to Paid.
 */
export function CashierPage() {
  const { t } = useTranslation();
  const { clinic } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('cashier.noClinic')}
      </Alert>
    );
  return <Cashier key={clinic.id} clinicId={clinic.id} timeZone={clinic.timeZone} />;
}

function Cashier({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<CashierTab>('waiting');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Registration | null>(null);
  // every registration event refetches the lists (their keys sit under the registrations'); the
  // open bill refetches too when its visit changed or something was done or dispensed
  const onEvent = useCallback<LiveListener>(
    (type, event) => {
      if (BILL_EVENTS.includes(type) || event.id === open?._id)
        void client.invalidateQueries({ queryKey: BILLING_QUERIES });
    },
    [client, open?._id],
  );
  useLiveRegistrations(clinicId, onEvent);
  const queue = useCashierQueue(clinicId, tab, search, page);
  const data = queue.data;
  const rows = data?.docs ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('cashier.title')}</Title>
        <TextInput
          w={280}
          label={t('cashier.search')}
          placeholder={t('cashier.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <ShiftBar clinicId={clinicId} timeZone={timeZone} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="sm">
            <Tabs
              value={tab}
              onChange={(v) => {
                setTab((v as CashierTab | null) ?? 'waiting');
                setPage(1);
              }}
            >
              <Tabs.List mb="sm">
                <Tabs.Tab value="waiting">{t('cashier.tabs.waiting')}</Tabs.Tab>
                <Tabs.Tab value="paid">{t('cashier.tabs.paid')}</Tabs.Tab>
              </Tabs.List>
            </Tabs>
            {!data ? (
              <LoadState query={queue} loading={t('cashier.loading')} failed={t('cashier.loadFailed')} />
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed" py="md">
                {t(tab === 'waiting' ? 'cashier.emptyWaiting' : 'cashier.emptyPaid')}
              </Text>
            ) : (
              <Stack gap="sm">
                <CashierQueueTable
                  rows={rows}
                  selected={open?._id ?? null}
                  onOpen={setOpen}
                  timeZone={timeZone}
                />
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    {t('cashier.shown', { shown: rows.length, total: data.totalDocs })}
                  </Text>
                  {data.totalPages > 1 && (
                    <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} />
                  )}
                </Group>
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {open ? (
            <BillPanel key={open._id} visit={open} />
          ) : (
            <Card withBorder padding="lg">
              <Text size="sm" c="dimmed">
                {t('cashier.pickVisit')}
              </Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
