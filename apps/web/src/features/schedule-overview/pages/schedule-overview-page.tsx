import { addDays } from '@klinikita/domain/common/clinic-day';
import { ActionIcon, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useScheduleWeek } from '../api/get-schedule-week.ts';
import { dayLabel, WeekGrid } from '../components/week-grid.tsx';

/**
 * `/Schedule`: who practises where and when in one week across the caller's clinics: every
 * doctor's practice and every service desk's hours per day, with the visits booked against the
 * day's limit; previous and next week, filtered by clinic and specialty.
 */
export function ScheduleOverviewPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
  // null: this week (the server's Monday in the clinic's time zone)
  const [start, setStart] = useState<string | null>(null);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [specialistId, setSpecialistId] = useState<string | null>(null);
  const week = useScheduleWeek({
    start: start ?? undefined,
    clinicId: clinicId ? Number(clinicId) : undefined,
    specialistId: specialistId ? Number(specialistId) : undefined,
  });
  const data = week.data;
  // the week asked for, else the one the server chose (a placeholder may still show the last)
  const shown = start ?? data?.start ?? null;
  const range = data
    ? {
        from: dayLabel(data.days[0], locale, { day: 'numeric', month: 'long' }),
        to: dayLabel(data.days[6], locale, { day: 'numeric', month: 'long', year: 'numeric' }),
      }
    : null;
  const empty = data?.clinics.every((c) => c.doctors.length + c.desks.length === 0);

  return (
    <Stack gap="sm">
      <div>
        <Title order={2}>{t('scheduleOverview.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('scheduleOverview.subtitle')}
        </Text>
      </div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap={6} align="center">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('scheduleOverview.prevWeek')}
            disabled={!shown}
            onClick={() => shown && setStart(addDays(shown, -7))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setStart(null)} disabled={start === null}>
            {t('scheduleOverview.thisWeek')}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('scheduleOverview.nextWeek')}
            disabled={!shown}
            onClick={() => shown && setStart(addDays(shown, 7))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          {range && (
            <Text fw={600} ml="xs" aria-live="polite">
              {t('scheduleOverview.range', range)}
            </Text>
          )}
          {week.isFetching && data && <Loader size="xs" />}
        </Group>
        <Group gap="sm" align="flex-end">
          {user.clinics.length > 1 && (
            <Select
              label={t('scheduleOverview.clinic')}
              placeholder={t('scheduleOverview.allClinics')}
              data={user.clinics.map((c) => ({ value: String(c.id), label: c.name }))}
              value={clinicId}
              onChange={setClinicId}
              clearable
              w={260}
            />
          )}
          <Select
            label={t('scheduleOverview.specialist')}
            placeholder={t('scheduleOverview.allSpecialists')}
            data={(data?.specialists ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={specialistId}
            onChange={setSpecialistId}
            clearable
            w={220}
          />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('scheduleOverview.legend')}
      </Text>
      <Card withBorder padding={0} radius="md">
        {week.isLoading ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : week.isError || !data || !range ? (
          <Group justify="center" p="xl" gap="sm">
            <Text c="red" size="sm">
              {t('scheduleOverview.loadFailed')}
            </Text>
            <Button size="xs" variant="light" onClick={() => week.refetch()}>
              {t('scheduleOverview.retry')}
            </Button>
          </Group>
        ) : empty ? (
          <Text c="dimmed" size="sm" p="xl" ta="center">
            {t('scheduleOverview.empty')}
          </Text>
        ) : (
          <WeekGrid
            days={data.days}
            clinics={data.clinics}
            label={t('scheduleOverview.table', range)}
            locale={locale}
          />
        )}
      </Card>
    </Stack>
  );
}
