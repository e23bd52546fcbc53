import { WEEKDAYS } from '@klinikita/domain/schedules/schedule.schema';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconClock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { useDoctorSchedule } from '../api/get-doctor-schedule.ts';
import {
  useAddScheduleSlot,
  useDeleteScheduleSlot,
  useUpdateScheduleLimit,
  useUpdateScheduleSlot,
} from '../api/schedule-mutations.ts';
import { showDialog } from './feedback-dialogs.tsx';
import { SlotDialog } from './slot-dialog.tsx';

interface ScheduleTabProps {
  doctorId: number;
  /** The session user's clinic: the schedule shown and changed is the one at this clinic. */
  clinicId: number;
}

type Editing = { day: number; index?: number; slot?: string } | null;

/** The Pengaturan Jadwal tab of spec 2.5: weekdays 1–7 from Sunday, limit and time slots per day. */
export function ScheduleTab({ doctorId, clinicId }: ScheduleTabProps) {
  const { t } = useTranslation();
  const schedule = useDoctorSchedule(doctorId, clinicId);
  const [day, setDay] = useState('1');
  const [limits, setLimits] = useState<Record<string, number | string>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const saveLimit = useUpdateScheduleLimit();
  const addSlot = useAddScheduleSlot();
  const updateSlot = useUpdateScheduleSlot();
  const deleteSlot = useDeleteScheduleSlot();
  const dayName = (d: number | string) => t(`staffWeb.schedule.days.${d}`);

  if (schedule.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (schedule.isError) {
    return (
      <Text c="red" size="sm" py="md">
        {t('staffWeb.schedule.loadFailed')}
      </Text>
    );
  }

  function submitLimit(weekday: number) {
    const value = limits[weekday] ?? schedule.data?.[weekday]?.limit ?? 0;
    saveLimit.mutate(
      { doctorId, dayToChange: weekday, limit: value, clinicId },
      {
        onSuccess: (res) => void showDialog('success', res.message),
        onError: () => void showDialog('error', 'error'),
      },
    );
  }

  function submitSlot(slot: string) {
    if (!editing) return;
    const { day: bookingDay, index, slot: bookingTime } = editing;
    if (index === undefined || bookingTime === undefined) {
      addSlot.mutate(
        { clinicIdWeb: clinicId, dokterIdWeb: doctorId, newBookingTime: slot, bookingDay },
        {
          onSuccess: (res) => {
            setEditing(null);
            void showDialog('success', res.message);
          },
          onError: (failure) => void showDialog('error', failure.message),
        },
      );
      return;
    }
    updateSlot.mutate(
      {
        clinicIDWeb: clinicId,
        dokterIdWeb: doctorId,
        newBookingTime: slot,
        bookingDay,
        indexToChange: index,
        bookingTime,
      },
      {
        onSuccess: () => {
          setEditing(null);
          void showDialog('success', 'Success update schedule');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400)
            void showDialog('warning', failure.message);
          else if (failure instanceof ApiError && failure.status > 0 && failure.status < 500)
            void showDialog('error', failure.message, t('staffWeb.dialog.error'));
          else void showDialog('error', 'error');
        },
      },
    );
  }

  function removeSlot() {
    if (!editing || editing.index === undefined || editing.slot === undefined) return;
    deleteSlot.mutate(
      {
        clinicIDWeb: clinicId,
        dokterIdWeb: doctorId,
        indexToChange: editing.index,
        bookingDay: editing.day,
        bookingTime: editing.slot,
      },
      {
        onSuccess: (res) => {
          setEditing(null);
          void showDialog('success', res.message);
        },
        onError: () => void showDialog('error', 'err'),
      },
    );
  }

  return (
    <>
      <Tabs
        orientation="vertical"
        value={day}
        onChange={(v) => setDay(v ?? '1')}
        variant="pills"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('staffWeb.schedule.daysLabel')} miw={120}>
          {WEEKDAYS.map((d) => (
            <Tabs.Tab key={d} value={String(d)}>
              {dayName(d)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {WEEKDAYS.map((d) => {
          const entry = schedule.data?.[d] ?? { booking: [], limit: 0 };
          return (
            <Tabs.Panel key={d} value={String(d)} pl="md">
              <Stack gap="md">
                <Group align="flex-end" gap="xs">
                  <NumberInput
                    label={t('staffWeb.schedule.limit')}
                    description={t('staffWeb.schedule.limitHint')}
                    w={180}
                    value={limits[d] ?? entry.limit}
                    onChange={(v) => setLimits((l) => ({ ...l, [d]: v }))}
                  />
                  <Button onClick={() => submitLimit(d)} loading={saveLimit.isPending}>
                    {t('staffWeb.schedule.saveLimit')}
                  </Button>
                </Group>
                <div>
                  <Text size="sm" fw={500} mb={6}>
                    {t('staffWeb.schedule.slots')}
                  </Text>
                  <Group gap="xs">
                    {entry.booking.map((slot, index) => (
                      <Button
                        key={slot}
                        variant="light"
                        leftSection={<IconClock size={14} />}
                        onClick={() => setEditing({ day: d, index, slot })}
                      >
                        {slot}
                      </Button>
                    ))}
                    <Tooltip label={t('staffWeb.schedule.addSlot')}>
                      <ActionIcon
                        size="lg"
                        variant="filled"
                        aria-label={t('staffWeb.schedule.addSlot')}
                        onClick={() => setEditing({ day: d })}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  {entry.booking.length === 0 && (
                    <Text size="sm" c="dimmed" mt={6}>
                      {t('staffWeb.schedule.noSlots')}
                    </Text>
                  )}
                </div>
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>
      {editing && (
        <SlotDialog
          key={`${editing.day}-${editing.slot ?? 'new'}`}
          day={dayName(editing.day)}
          slot={editing.slot}
          busy={addSlot.isPending || updateSlot.isPending || deleteSlot.isPending}
          onClose={() => setEditing(null)}
          onSubmit={submitSlot}
          onDelete={editing.slot ? removeSlot : undefined}
        />
      )}
    </>
  );
}
