import { toDMY } from '@klinikita/domain/common/dates';
import { ageLabel } from '@klinikita/domain/patients/patient.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { WEEKDAYS } from '@klinikita/domain/schedules/schedule.schema';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarCog, IconChevronLeft, IconChevronRight, IconClock } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchRegistrations,
  type RegistrationListParams,
  registrationsKey,
} from '../../../shared/registrations/registrations-api.ts';
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

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/** Today in a time zone, YYYY-MM-DD. */
const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** The Sunday (weekday 1) starting the week `offset` weeks from this one, in the clinic's time zone. */
export function weekStart(timeZone: string, offset = 0, now = new Date()): Date {
  const [y, m, d] = todayIn(timeZone, now).split('-').map(Number);
  return addDays(new Date(y, m - 1, d), 7 * offset - (todayWeekday(timeZone, now) - 1));
}

/**
 * The doctor's registrations of one week at one clinic (`GET registrations/registrations` with
 * doctor.doctorId, orderType=doctor, the week's first day to the day after its last).
 */
function agendaQuery(params: RegistrationListParams) {
  return {
    queryKey: [...registrationsKey, 'agenda', params],
    queryFn: () => fetchRegistrations(params),
  };
}

/** 'Tn. Budi Hartono': the recorded title, else spec 9's rule by age and sex. */
function patientName({ patient: p }: Registration): string {
  const dob = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(p.dob ?? '');
  const title =
    p.title ?? (dob ? ageLabel(new Date(Number(dob[3]), Number(dob[2]) - 1, Number(dob[1])), p.sex) : null);
  return title ? `${title}. ${p.name}` : p.name;
}

const byQueueNumber = (a: Registration, b: Registration) =>
  (Number(a.queueNumber.split('-').pop()) || 0) - (Number(b.queueNumber.split('-').pop()) || 0) ||
  a.queueNumber.localeCompare(b.queueNumber);

/** A day's patients under its slots: how many against the limit, then who (queue number, name, status). */
function DayPatients({
  rows,
  limit,
  day,
  failed,
}: {
  rows: Registration[];
  limit: number;
  day: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Text size="xs" c="red" mt={6}>
        {t('doctorQueue.agenda.patientsFailed')}
      </Text>
    );
  }
  // a cancelled visit keeps its line but no longer takes a place
  const count = rows.filter((r) => r.status !== 'Cancelled').length;
  const full = limit > 0 && count >= limit;
  return (
    <Stack gap={4} mt={6}>
      <Text size="xs" fw={600} c={full ? 'red.7' : 'dimmed'} data-testid="agenda-count">
        {limit > 0
          ? t('doctorQueue.agenda.booked', { count, limit })
          : t('doctorQueue.agenda.bookedNoLimit', { count })}
      </Text>
      {rows.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('doctorQueue.agenda.noPatients')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={2}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('doctorQueue.agenda.patientsOf', { day })}
        >
          {rows.map((r) => (
            <Group
              component="li"
              key={r._id}
              gap={6}
              wrap="nowrap"
              td={r.status === 'Cancelled' ? 'line-through' : undefined}
            >
              <Text size="xs" fw={700} ff="monospace">
                {r.queueNumber}
              </Text>
              <Text size="xs" truncate="end">
                {patientName(r)}
              </Text>
              <Badge size="xs" variant="light" color="gray" style={{ textTransform: 'none', flexShrink: 0 }}>
                {t(`registrations.statuses.${r.status}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/Doctor/doctor-agenda` (Lihat Jadwal): the doctor's week at each clinic of the session where
 * they practise: the slots and daily limits of `GET /reservation/doctor-schedule/{doctorId}`, and
 * under each day the patients registered with the doctor.
 */
export function DoctorAgendaPage() {
  const { t, i18n } = useTranslation();
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
  const [weekOffset, setWeekOffset] = useState(0);
  const weeks = clinics.map((clinic) => weekStart(clinic.timeZone, weekOffset));
  const registrations = useQueries({
    queries: clinics.map((clinic, i) => ({
      ...agendaQuery({
        clinicId: clinic.id,
        order: 'arrivedAt_1',
        limit: 1000,
        orderType: 'doctor',
        doctorId: doctorId ?? undefined,
        startDate: toDMY(weeks[i]),
        endDate: toDMY(addDays(weeks[i], 7)),
      }),
      enabled: doctorId !== null,
    })),
  });
  const shortDate = (d: Date) =>
    d.toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'id-ID', { day: 'numeric', month: 'short' });
  const shownWeek = weekStart(user.timeZone, weekOffset);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('staffWeb.agenda.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('staffWeb.agenda.subtitle')}
          </Text>
        </div>
        <Group gap="md" align="center">
          <Group gap={6}>
            <ActionIcon
              variant="default"
              aria-label={t('doctorQueue.agenda.prevWeek')}
              onClick={() => setWeekOffset((w) => w - 1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Button variant="default" size="xs" disabled={weekOffset === 0} onClick={() => setWeekOffset(0)}>
              {t('doctorQueue.agenda.thisWeek')}
            </Button>
            <ActionIcon
              variant="default"
              aria-label={t('doctorQueue.agenda.nextWeek')}
              onClick={() => setWeekOffset((w) => w + 1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
            <Text size="sm" fw={500} data-testid="agenda-week">
              {t('doctorQueue.agenda.week', {
                from: shortDate(shownWeek),
                to: shortDate(addDays(shownWeek, 6)),
              })}
            </Text>
          </Group>
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
          const week = weeks[i];
          const booked = registrations[i];
          const todayIso = todayIn(clinic.timeZone);
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
                        const date = addDays(week, d - 1);
                        const isToday = isoDay(date) === todayIso;
                        const dayName = t(`staffWeb.schedule.days.${d}`);
                        const dayRows = (booked?.data?.docs ?? [])
                          .filter((r) => r.queueDate === isoDay(date))
                          .sort(byQueueNumber);
                        return (
                          <Table.Tr
                            key={d}
                            bg={isToday ? 'var(--mantine-primary-color-light)' : undefined}
                            aria-current={isToday ? 'date' : undefined}
                          >
                            <Table.Td>
                              <Group gap={6} wrap="nowrap">
                                <Text size="sm" fw={isToday ? 700 : 500}>
                                  {dayName}
                                </Text>
                                <Text size="xs" c="dimmed">
                                  {shortDate(date)}
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
                              {booked?.isLoading ? (
                                <Loader size="xs" mt={6} />
                              ) : (
                                (entry.booking.length > 0 || dayRows.length > 0 || booked?.isError) && (
                                  <DayPatients
                                    rows={dayRows}
                                    limit={entry.limit}
                                    day={`${dayName} ${shortDate(date)}`}
                                    failed={Boolean(booked?.isError)}
                                  />
                                )
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
