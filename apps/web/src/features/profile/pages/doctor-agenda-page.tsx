import { WEEKDAYS } from '@klinikita/domain/schedules/schedule.schema';
import { Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarCog, IconClock } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useDoctorProfile } from '../api/get-doctor-profile.ts';
import { doctorScheduleKey, getDoctorSchedule } from '../api/get-doctor-schedule.ts';
import { DoctorProfileModal } from '../components/doctor-profile-modal.tsx';

const WEEKDAY_OF = { Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6, Sat: 7 } as const;

/** Today's weekday 1–7 from Sunday (spec 9) in the clinic's time zone. */
export function todayWeekday(timeZone: string, now = new Date()): number {
  const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(now);
  return WEEKDAY_OF[short as keyof typeof WEEKDAY_OF] ?? now.getDay() + 1;
}

/**
 * `/Doctor/doctor-agenda` (Lihat Jadwal): the doctor's week at each clinic of the session where
 * they practise: the slots and daily limits of `GET /reservation/doctor-schedule/{doctorId}`.
 */
export function DoctorAgendaPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const doctorId = user.DoctorId;
  const profile = useDoctorProfile(doctorId);
  const [manageOpen, setManageOpen] = useState(false);
  const practised = new Set(profile.data?.Clinics.map((c) => c.id) ?? []);
  const clinics = profile.data
    ? user.clinics.filter((c) => practised.has(c.id))
    : profile.isError
      ? user.clinics.filter((c) => c.id === user.ClinicId)
      : [];
  const schedules = useQueries({
    queries: clinics.map((clinic) => ({
      queryKey: doctorScheduleKey(doctorId ?? 0, clinic.id),
      queryFn: () => getDoctorSchedule(doctorId ?? 0, clinic.id),
      enabled: doctorId !== null,
    })),
  });
  const today = todayWeekday(user.timeZone);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('staffWeb.agenda.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('staffWeb.agenda.subtitle')}
          </Text>
        </div>
        {doctorId !== null && user.ClinicId !== null && (
          <Button
            variant="light"
            leftSection={<IconCalendarCog size={16} />}
            onClick={() => setManageOpen(true)}
          >
            {t('staffWeb.agenda.manage')}
          </Button>
        )}
      </Group>
      {profile.isLoading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : clinics.length === 0 ? (
        <Text c="dimmed">{t('staffWeb.agenda.noClinic')}</Text>
      ) : (
        clinics.map((clinic, i) => {
          const schedule = schedules[i];
          return (
            <Card key={clinic.id} withBorder padding="md">
              <Title order={3} size="h4" mb="sm">
                {clinic.name}
              </Title>
              {schedule?.isLoading ? (
                <Center py="md">
                  <Loader size="sm" />
                </Center>
              ) : schedule?.isError ? (
                <Text c="red" size="sm">
                  {t('staffWeb.agenda.loadFailed')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing="xs" aria-label={clinic.name}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={160}>{t('staffWeb.agenda.day')}</Table.Th>
                        <Table.Th>{t('staffWeb.agenda.slots')}</Table.Th>
                        <Table.Th w={140} ta="right">
                          {t('staffWeb.agenda.limit')}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {WEEKDAYS.map((d) => {
                        const entry = schedule?.data?.[d] ?? { booking: [], limit: 0 };
                        const isToday = d === today;
                        return (
                          <Table.Tr
                            key={d}
                            bg={isToday ? 'var(--mantine-primary-color-light)' : undefined}
                            aria-current={isToday ? 'date' : undefined}
                          >
                            <Table.Td>
                              <Group gap={6} wrap="nowrap">
                                <Text size="sm" fw={isToday ? 700 : 500}>
                                  {t(`staffWeb.schedule.days.${d}`)}
                                </Text>
                                {isToday && (
                                  <Badge size="xs" variant="filled">
                                    {t('staffWeb.agenda.today')}
                                  </Badge>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              {entry.booking.length ? (
                                <Group gap={6}>
                                  {entry.booking.map((slot) => (
                                    <Badge
                                      key={slot}
                                      variant="light"
                                      size="lg"
                                      radius="sm"
                                      leftSection={<IconClock size={12} />}
                                      style={{ textTransform: 'none' }}
                                    >
                                      {slot}
                                    </Badge>
                                  ))}
                                </Group>
                              ) : (
                                <Text size="sm" c="dimmed">
                                  {t('staffWeb.agenda.noSlots')}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td ta="right">
                              <Text size="sm">{entry.limit}</Text>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
          );
        })
      )}
      {manageOpen && (
        <DoctorProfileModal user={user} opened onClose={() => setManageOpen(false)} initialTab="schedule" />
      )}
    </Stack>
  );
}
