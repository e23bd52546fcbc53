import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import { ENCOUNTER_EVENTS } from '@klinikita/domain/consultations/consultation.events';
import { PAYER_TYPES } from '@klinikita/domain/patients/patient.rules';
import { PHARMACY_LIVE } from '@klinikita/domain/pharmacy/pharmacy.events';
import { PHARMACY_STATUSES, PRIORITIES } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import {
  Alert,
  Card,
  Center,
  Drawer,
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
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { clinicEventsUrl, subscribeLive } from '../../../shared/live/live-events.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { PHARMACY_QUERIES, usePharmacyPrescription, usePharmacyQueue } from '../api/pharmacy-queue-api.ts';
import { PrescriptionDetail } from '../components/prescription-detail.tsx';
import { QueueTable } from '../components/queue-table.tsx';
import { clinicToday } from '../components/rx-format.ts';

const PAGE_SIZE = 20;
// the events after which the queue may have changed: a prescription moved, a visit finished (its
// note signed with a prescription moves the visit on in the same transaction)
const LIVE_TYPES: readonly string[] = [
  PHARMACY_LIVE.updated,
  REGISTRATION_EVENTS.updated,
  ENCOUNTER_EVENTS.finished,
  LIVE_RESYNC,
];

/**
 * `/pharmacyQueue` (Antrean Farmasi): the clinic day's prescriptions, live, cito first, with their
 * waiting time against the standard; one opens beside the list to be reviewed, prepared, labelled
 * and handed over.
 */
export function PharmacyQueuePage() {
  const { t } = useTranslation();
  const { clinic } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('pharmacyQueue.noClinic')}
      </Alert>
    );
  return <Queue key={clinic.id} clinicId={clinic.id} timeZone={clinic.timeZone} />;
}

function useLiveQueue(clinicId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeLive(clinicEventsUrl(clinicId), (type) => {
        if (LIVE_TYPES.includes(type)) void client.invalidateQueries({ queryKey: PHARMACY_QUERIES });
      }),
    [clinicId, client],
  );
}

function Queue({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => clinicToday(timeZone));
  const [status, setStatus] = useState<string | null>(null);
  const [racikan, setRacikan] = useState<string | null>(null);
  const [payerType, setPayerType] = useState<string | null>(null);
  const [priority, setPriority] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [openUid, setOpenUid] = useState<string | null>(null);
  useLiveQueue(clinicId);

  const queue = usePharmacyQueue({
    clinicId,
    ...(day && { date: day }),
    ...(status && { status: status as never }),
    ...(racikan && { racikan: racikan as never }),
    ...(payerType && { payerType: payerType as never }),
    ...(priority && { priority: priority as never }),
    ...(search && { search }),
    page,
    limit: PAGE_SIZE,
  });
  const detail = usePharmacyPrescription(openUid);
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const data = queue.data;
  const rows = data?.docs ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('pharmacyQueue.title')}</Title>
        <TextInput
          w={240}
          label={t('pharmacyQueue.filters.search')}
          placeholder={t('pharmacyQueue.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(e) => filter(setSearchText)(e.currentTarget.value)}
        />
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label={t('pharmacyQueue.filters.date')}
          value={day}
          onChange={(e) => filter(setDay)(e.currentTarget.value)}
        />
        <Select
          w={180}
          label={t('pharmacyQueue.filters.status')}
          placeholder={t('pharmacyQueue.filters.allStatuses')}
          clearable
          data={PHARMACY_STATUSES.map((s) => ({ value: s, label: t(`pharmacy.statuses.${s}`) }))}
          value={status}
          onChange={filter(setStatus)}
        />
        <Select
          w={170}
          label={t('pharmacyQueue.filters.racikan')}
          placeholder={t('pharmacyQueue.filters.racikanAny')}
          clearable
          data={[
            { value: 'true', label: t('pharmacyQueue.filters.racikanYes') },
            { value: 'false', label: t('pharmacyQueue.filters.racikanNo') },
          ]}
          value={racikan}
          onChange={filter(setRacikan)}
        />
        <Select
          w={160}
          label={t('pharmacyQueue.filters.payer')}
          placeholder={t('pharmacyQueue.filters.allPayers')}
          clearable
          data={PAYER_TYPES.map((p) => ({ value: p, label: t(`pharmacyQueue.payers.${p}`) }))}
          value={payerType}
          onChange={filter(setPayerType)}
        />
        <Select
          w={150}
          label={t('pharmacyQueue.filters.priority')}
          placeholder={t('pharmacyQueue.filters.allPriorities')}
          clearable
          data={PRIORITIES.map((p) => ({ value: p, label: t(`pharmacy.priorities.${p}`) }))}
          value={priority}
          onChange={filter(setPriority)}
        />
      </Group>

      <Card withBorder padding="md">
        {queue.isLoading ? (
          <Center py="lg">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('pharmacyQueue.loading')}
              </Text>
            </Group>
          </Center>
        ) : !data ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {queue.error instanceof ApiError ? queue.error.message : t('pharmacyQueue.loadFailed')}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pharmacyQueue.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            <QueueTable rows={rows} selected={openUid} onOpen={setOpenUid} />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('pharmacyQueue.shown', { shown: rows.length, total: data.totalDocs })}
              </Text>
              {data.totalPages > 1 && (
                <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} />
              )}
            </Group>
          </Stack>
        )}
      </Card>

      <Drawer
        opened={openUid !== null}
        onClose={() => setOpenUid(null)}
        position="right"
        size="xl"
        title={detail.data ? t('pharmacyQueue.detail.title', { queue: detail.data.queueNumber }) : ''}
      >
        {detail.data ? (
          <PrescriptionDetail prescription={detail.data} timeZone={timeZone} />
        ) : detail.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {detail.error instanceof ApiError ? detail.error.message : t('pharmacyQueue.loadFailed')}
          </Alert>
        ) : (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        )}
      </Drawer>
    </Stack>
  );
}
