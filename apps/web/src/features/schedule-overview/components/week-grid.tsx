import type { ScheduleCell, ScheduleClinic } from '@klinikita/domain/services/schedule-overview.schema';
import { quotaReached } from '@klinikita/domain/services/service-hours.rules';
import { Badge, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './schedule-overview.module.css';

/** 'YYYY-MM-DD' → 'Sen, 2 Mar' in the chosen language (the day itself, free of any time zone). */
export function dayLabel(day: string, locale: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "terisi / batas" of a day, red when the limit is reached, yellow from 80 %. */
function Filled({ cell }: { cell: ScheduleCell }) {
  const { t } = useTranslation();
  const full = quotaReached(cell.limit, cell.booked);
  const near = cell.limit > 0 && cell.booked >= cell.limit * 0.8;
  const values = { booked: cell.booked, limit: cell.limit };
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={full ? 'red' : near ? 'yellow' : cell.booked > 0 ? 'clinicalTeal' : 'gray'}
      aria-label={
        cell.limit > 0
          ? t('scheduleOverview.filledLabel', values)
          : t('scheduleOverview.filledNoLimitLabel', values)
      }
      mt={2}
    >
      {cell.limit > 0 ? t('scheduleOverview.filled', values) : t('scheduleOverview.filledNoLimit', values)}
    </Badge>
  );
}

function DayCell({ cell, today }: { cell: ScheduleCell; today: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.Td className={today ? classes.today : undefined} style={{ verticalAlign: 'top' }}>
      {cell.slots.length ? (
        cell.slots.map((slot) => (
          <div key={slot} className={classes.slot}>
            {slot.replace(' - ', '–')}
          </div>
        ))
      ) : (
        <Text size="xs" className={classes.off}>
          {t('scheduleOverview.off')}
        </Text>
      )}
      {(cell.slots.length > 0 || cell.booked > 0) && <Filled cell={cell} />}
    </Table.Td>
  );
}

function Row({ label, cells, today }: { label: ReactNode; cells: ScheduleCell[]; today: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw="normal" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      {cells.map((cell) => (
        <DayCell key={cell.day} cell={cell} today={cell.day === today} />
      ))}
    </Table.Tr>
  );
}

/**
 * The week as a grid: a column per day (today marked), rows of doctors and then service desks,
 * grouped by clinic.
 */
export function WeekGrid({
  days,
  clinics,
  label,
  locale,
}: {
  days: string[];
  clinics: ScheduleClinic[];
  label: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const today = clinics[0]?.today;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table
        className={classes.table}
        stickyHeader
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing={8}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={220}>{t('scheduleOverview.row')}</Table.Th>
            {days.map((day) => (
              <Table.Th
                key={day}
                className={day === today ? classes.todayHead : undefined}
                aria-current={day === today ? 'date' : undefined}
              >
                {dayLabel(day, locale, { weekday: 'short', day: 'numeric', month: 'short' })}
                {day === today && (
                  <Text span size="xs" c="clinicalTeal.8" fw={700} ml={4}>
                    {t('scheduleOverview.today')}
                  </Text>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clinics.map((clinic) => (
            <Fragment key={clinic.clinicId}>
              <Table.Tr className={classes.clinicRow}>
                <Table.Th colSpan={8} scope="rowgroup">
                  <Text size="sm" fw={700}>
                    {clinic.name}
                  </Text>
                </Table.Th>
              </Table.Tr>
              {clinic.doctors.length + clinic.desks.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text size="sm" c="dimmed">
                      {t('scheduleOverview.clinicEmpty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {clinic.doctors.map((d) => (
                <Row
                  key={`d${d.doctorId}`}
                  today={clinic.today}
                  cells={d.cells}
                  label={
                    <>
                      <Text size="sm" fw={600} lh={1.3}>
                        {d.name}
                      </Text>
                      {d.specialist && (
                        <Text size="xs" c="dimmed">
                          {d.specialist}
                        </Text>
                      )}
                    </>
                  }
                />
              ))}
              {clinic.desks.map((desk) => (
                <Row
                  key={desk.serviceType}
                  today={clinic.today}
                  cells={desk.cells}
                  label={
                    <>
                      <Text size="sm" fw={600} lh={1.3}>
                        {t(`serviceHours.desks.${desk.serviceType}`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('scheduleOverview.desks')}
                      </Text>
                    </>
                  }
                />
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
