import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Card, Center, Group, Loader, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRegistrations } from '../../../shared/registrations/registrations-api.ts';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { todayRegistrationsParams } from '../api/first-reads.ts';
import classes from './front-office.module.css';
import { patientName } from './patient-search.tsx';
import { clinicDateTime, useVisitLabel } from './queue-ticket.tsx';
import { VisitEligibility } from './visit-eligibility.tsx';

/** "Pendaftaran hari ini": the clinic's latest registrations of today, kept live by the page. */
export function TodayRegistrations({
  clinicId,
  timeZone,
  onOpen,
}: {
  clinicId: number;
  timeZone: string;
  /** Shows a registration's ticket again (to reprint it). */
  onOpen: (registration: Registration) => void;
}) {
  const { t, i18n } = useTranslation();
  const visitLabel = useVisitLabel();
  const list = useRegistrations(todayRegistrationsParams(clinicId));
  const docs = list.data?.docs ?? [];
  const total = list.data?.totalDocs ?? 0;
  return (
    <Card padding="sm" h="100%" component="section" aria-labelledby="today-title">
      <Group justify="space-between" mb={6}>
        <Title order={4} id="today-title">
          {t('frontOffice.today.title')}
        </Title>
        {list.data && (
          <Badge variant="light" size="lg" radius="sm" tt="none" data-testid="today-count">
            {t('frontOffice.today.count', { count: total })}
          </Badge>
        )}
      </Group>
      {list.isLoading ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('frontOffice.today.loading')} />
        </Center>
      ) : list.isError ? (
        <Text size="sm" c="red" py="sm">
          {t('frontOffice.today.failed')}
        </Text>
      ) : docs.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('frontOffice.today.empty')}
        </Text>
      ) : (
        <div className={classes.todayList}>
          <ul aria-label={t('frontOffice.today.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {docs.map((r) => (
              <li key={r._id}>
                <UnstyledButton
                  className={classes.todayRow}
                  onClick={() => onOpen(r)}
                  aria-label={t('frontOffice.today.showTicket', { queueNumber: r.queueNumber })}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Text className={classes.queueNumber} size="md" w={64} style={{ flexShrink: 0 }}>
                        {r.queueNumber}
                      </Text>
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {patientName(r.patient)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {clinicDateTime(r.arrivedAt, timeZone, i18n.language).time} · {visitLabel(r)}
                        </Text>
                        <VisitEligibility registration={r} compact />
                      </div>
                    </Group>
                    <StatusBadge status={r.status} />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {total > docs.length && (
            <Text size="xs" c="dimmed" ta="center" py={6}>
              {t('frontOffice.today.latest', { shown: docs.length })}
            </Text>
          )}
        </div>
      )}
    </Card>
  );
}
