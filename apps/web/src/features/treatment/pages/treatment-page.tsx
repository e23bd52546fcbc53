import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  Alert,
  Badge,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconUserSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client.ts';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import {
  TREATMENT_LIVE_KEYS,
  type TreatmentVisit,
  useTreatmentOptions,
  useTreatmentVisit,
} from '../api/treatment-api.ts';
import { TreatmentProcedureForm } from '../components/treatment-procedure-form.tsx';
import { TreatmentProcedureList } from '../components/treatment-procedure-list.tsx';
import { TreatmentWorklist } from '../components/treatment-worklist.tsx';

/**
 * `/Treatment` (issue 16 §4): the treatment room's worklist beside the visit picked (`?id=`) —
 * the doctor's order, the procedure form and the procedures recorded, with void.
 */
export function TreatmentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const client = useQueryClient();
  // a procedure recorded or voided elsewhere changes its visit: the worklist and the visit refetch
  const refresh = useCallback(() => {
    for (const queryKey of TREATMENT_LIVE_KEYS) void client.invalidateQueries({ queryKey });
  }, [client]);
  useLiveRegistrations(clinic?.id, refresh);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('treatment.page.title')}</Title>
        {clinics.length > 1 && clinic && (
          <Select
            aria-label={t('treatment.order.clinic')}
            data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(clinic.id)}
            onChange={(v) => v && setClinicId(Number(v))}
            allowDeselect={false}
            w={320}
          />
        )}
      </Group>
      {clinic && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <TreatmentWorklist
              key={clinic.id}
              clinicId={clinic.id}
              today={clinicDay(clinic.timeZone)}
              selected={id}
              onSelect={(registrationId) => setParams({ id: registrationId })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {id ? (
              <VisitPane key={id} registrationId={id} timeZone={clinic.timeZone} />
            ) : (
              <Card withBorder padding="xl">
                <Center>
                  <Stack align="center" gap="xs" py="xl">
                    <ThemeIcon variant="light" size={48} radius="xl">
                      <IconUserSearch size={26} />
                    </ThemeIcon>
                    <Text fw={600}>{t('treatment.page.pickTitle')}</Text>
                    <Text size="sm" c="dimmed" ta="center">
                      {t('treatment.page.pick')}
                    </Text>
                  </Stack>
                </Center>
              </Card>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function VisitPane({ registrationId, timeZone }: { registrationId: string; timeZone: string }) {
  const { t } = useTranslation();
  const visit = useTreatmentVisit(registrationId);
  const options = useTreatmentOptions(visit.data?.clinicId ?? 0);
  if (visit.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (!visit.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {visit.error instanceof ApiError && visit.error.status !== 500
          ? visit.error.message
          : t('treatment.page.loadFailed')}
      </Alert>
    );
  const v = visit.data;
  return (
    <Stack gap="md">
      <OrderCard visit={v} />
      {v.status !== 'Cancelled' && (
        <TreatmentProcedureForm
          registrationId={v.registrationId}
          clinicId={v.clinicId}
          options={options.data}
        />
      )}
      <TreatmentProcedureList procedures={v.procedures} timeZone={timeZone} />
    </Stack>
  );
}

function OrderCard({ visit }: { visit: TreatmentVisit }) {
  const { t } = useTranslation();
  const o = visit.order;
  const none = '-';
  const ordered = Boolean(o.clinicName || o.diagnosis || o.note);
  return (
    <Card withBorder padding="md" data-testid="treatment-visit">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <Badge size="xl" radius="sm" variant="filled" ff="monospace">
          {visit.queueNumber}
        </Badge>
        <div style={{ flex: 1 }}>
          <Title order={3}>{visit.patient.name}</Title>
          <Text size="sm" c="dimmed">
            {visit.patient.mrn}
          </Text>
        </div>
        <StatusBadge status={visit.status} size="md" />
      </Group>
      {visit.patient.allergies && (
        <Alert color="red" variant="light" py={6} mb="sm" title={t('treatment.page.allergies')}>
          {visit.patient.allergies}
        </Alert>
      )}
      <Text fw={600} size="sm" mb={4}>
        {t('treatment.order.title')}
      </Text>
      {!ordered ? (
        <Text size="sm" c="dimmed">
          {t('treatment.order.direct')}
          {o.items.length ? ` · ${t('treatment.order.items')}: ${o.items.join(', ')}` : ''}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          <Field label={t('treatment.order.items')} value={o.items.join(', ') || none} />
          <Field label={t('treatment.order.doctor')} value={o.doctorName ?? none} />
          <Field label={t('treatment.order.diagnosis')} value={o.diagnosis ?? none} />
          <Field label={t('treatment.order.note')} value={o.note ?? none} />
        </SimpleGrid>
      )}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}
