import type { ServiceDay, ServiceDesk } from '@klinikita/domain/services/service-hours.schema';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { useServiceHours } from '../api/service-hours.ts';
import { ServiceDayModal, WEEK_ORDER } from '../components/service-day-modal.tsx';
import classes from '../components/service-hours.module.css';

/** What a day of a desk shows: its periods and quota, or closed. */
function DayCell({ day }: { day: ServiceDay }) {
  const { t } = useTranslation();
  if (!day.slots.length)
    return (
      <Text size="sm" c="dimmed">
        {t('serviceHours.closed')}
      </Text>
    );
  return (
    <>
      {day.slots.map((slot) => (
        <Text key={slot} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {slot.replace(' - ', '–')}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {day.capacity > 0
          ? t('serviceHours.capacityOf', { capacity: day.capacity })
          : t('serviceHours.noLimit')}
      </Text>
    </>
  );
}

/**
 * `/Layanan/jadwalLayanan`: each service desk's opening hours and daily capacity at the working
 * clinic, a desk per row and a weekday per column (Monday first). Holders of the menu change a
 * day by clicking it; others read.
 */
export function ServiceHoursPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const canManage = usePermissions().has('serviceHours.manage');
  const hours = useServiceHours(clinic?.id ?? 0);
  const [editing, setEditing] = useState<{ desk: ServiceDesk; day: ServiceDay } | null>(null);

  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('serviceHours.loadFailed')}
      </Alert>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('serviceHours.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('serviceHours.subtitle')}
          </Text>
        </div>
        {clinics.length > 1 && (
          <Select
            label={t('serviceHours.clinic')}
            data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(clinic.id)}
            onChange={(v) => v && setClinicId(Number(v))}
            allowDeselect={false}
            w={300}
          />
        )}
      </Group>
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('serviceHours.viewOnly')}
        </Text>
      )}
      <Card withBorder padding={0} radius="md">
        {hours.isLoading ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : hours.isError || !hours.data ? (
          <Group justify="center" p="xl" gap="sm">
            <Text c="red" size="sm">
              {t('serviceHours.loadFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={() => hours.refetch()}>
              {t('serviceHours.retry')}
            </Button>
          </Group>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table withColumnBorders verticalSpacing={6} aria-label={t('serviceHours.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>{t('serviceHours.desk')}</Table.Th>
                  {WEEK_ORDER.map((w) => (
                    <Table.Th key={w}>{t(`serviceHours.weekdays.${w}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hours.data.desks.map((desk) => {
                  const deskName = t(`serviceHours.desks.${desk.serviceType}`);
                  return (
                    <Table.Tr key={desk.serviceType}>
                      <Table.Th scope="row">
                        <Text size="sm" fw={600}>
                          {deskName}
                        </Text>
                      </Table.Th>
                      {WEEK_ORDER.map((w) => {
                        const day = desk.days.find((d) => d.weekday === w)!;
                        return (
                          <Table.Td key={w} p={0} className={day.slots.length ? undefined : classes.closed}>
                            {canManage ? (
                              <UnstyledButton
                                className={classes.cell}
                                aria-label={t('serviceHours.editCell', {
                                  desk: deskName,
                                  day: t(`serviceHours.weekdays.${w}`),
                                })}
                                onClick={() => setEditing({ desk: desk.serviceType, day })}
                              >
                                <DayCell day={day} />
                              </UnstyledButton>
                            ) : (
                              <div className={classes.cell}>
                                <DayCell day={day} />
                              </div>
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && (
        <ServiceDayModal
          key={clinic.id}
          clinicId={clinic.id}
          desk={editing.desk}
          day={editing.day}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
