import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  SATUSEHAT_DELIVERY_KINDS,
  SATUSEHAT_DELIVERY_STATES,
  SATUSEHAT_SYNC_PAGE_SIZE,
  type SatusehatDelivery,
  type SatusehatDeliveryKind,
  type SatusehatDeliveryState,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import {
  Alert,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  useResendSatusehatDelivery,
  useSatusehatDeliveries,
} from '../../../shared/satusehat/satusehat-sync-api.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { showActionFailure } from '../../../shared/ui/list-page.tsx';
import { DeliveryTable } from '../components/delivery-table.tsx';

type StateFilter = 'all' | SatusehatDeliveryState;

/**
 * `/Setting/satuSehat` → Sinkronisasi (issue 19 §5): what was sent to SATUSEHAT for a clinic and
 * day, how it went, the platform's words and the field it names, and "Kirim ulang" once the data
 * is corrected. The worker sends in the background; the list follows it every 10 seconds.
 */
export function SatusehatSyncPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const timeZone = clinic?.timeZone ?? 'Asia/Jakarta';
  const [date, setDate] = useState(() => clinicDay(timeZone));
  const [state, setState] = useState<StateFilter>('all');
  const [kind, setKind] = useState<SatusehatDeliveryKind | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<string | null>(null);
  const list = useSatusehatDeliveries(
    {
      clinicId: clinic?.id ?? 0,
      date,
      state: state === 'all' ? undefined : state,
      kind: kind ?? undefined,
      q: q || undefined,
      page,
      limit: SATUSEHAT_SYNC_PAGE_SIZE,
    },
    Boolean(clinic && date),
  );
  const resend = useResendSatusehatDelivery();
  // a filter change starts from the first page
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  function onResend(delivery: SatusehatDelivery) {
    setResending(delivery.uid);
    resend.mutate(
      { params: { uid: delivery.uid } },
      {
        onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
        onError: showActionFailure,
        onSettled: () => setResending(null),
      },
    );
  }

  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('satusehatSync.loadFailed')}
      </Alert>
    );

  const data = list.data;
  const counts = data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null;
  const withCount = (label: string, n: number | null | undefined) => (n == null ? label : `${label} (${n})`);
  const filtered = state !== 'all' || kind !== null || q !== '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('satusehatSync.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('satusehatSync.subtitle')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          {clinics.length > 1 && (
            <Select
              label={t('satusehatSync.clinic')}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(clinic.id)}
              onChange={(v) => v && filter(setClinicId)(Number(v))}
              allowDeselect={false}
              w={260}
            />
          )}
          <TextInput
            type="date"
            label={t('satusehatSync.date')}
            value={date}
            onChange={(e) => e.currentTarget.value && filter(setDate)(e.currentTarget.value)}
          />
        </Group>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Chip.Group multiple={false} value={state} onChange={(v) => filter(setState)(v as StateFilter)}>
              <Group gap={6} role="group" aria-label={t('satusehatSync.columns.state')}>
                <Chip value="all" size="sm">
                  {withCount(t('satusehatSync.all'), total)}
                </Chip>
                {SATUSEHAT_DELIVERY_STATES.map((s) => (
                  <Chip key={s} value={s} size="sm">
                    {withCount(t(`satusehatSync.states.${s}`), counts?.[s])}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="sm">
              <Select
                aria-label={t('satusehatSync.kind')}
                placeholder={t('satusehatSync.allKinds')}
                data={SATUSEHAT_DELIVERY_KINDS.map((k) => ({
                  value: k,
                  label: t(`satusehatSync.kinds.${k}`),
                }))}
                value={kind}
                onChange={(v) => filter(setKind)(v as SatusehatDeliveryKind | null)}
                clearable
                w={200}
              />
              <TextInput
                aria-label={t('satusehatSync.search')}
                placeholder={t('satusehatSync.search')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => filter(setSearch)(e.currentTarget.value)}
                w={280}
              />
            </Group>
          </Group>
          {list.isLoading && (
            <Group justify="center" p="md">
              <Loader size="sm" />
            </Group>
          )}
          {list.isError && !data && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              <Group gap="sm">
                {t('satusehatSync.loadFailed')}
                <Button size="xs" variant="light" onClick={() => list.refetch()}>
                  {t('satusehatSync.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {data && data.docs.length === 0 && (
            <Text size="sm" c="dimmed" py="md">
              {t(filtered ? 'satusehatSync.emptyFiltered' : 'satusehatSync.empty')}
            </Text>
          )}
          {data && data.docs.length > 0 && (
            <DeliveryTable
              deliveries={data.docs}
              timeZone={timeZone}
              resending={resending}
              onResend={onResend}
            />
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('satusehatSync.autoRefresh')}
            </Text>
            {data && data.totalPages > 1 && (
              <Pagination value={page} onChange={setPage} total={data.totalPages} size="sm" />
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
