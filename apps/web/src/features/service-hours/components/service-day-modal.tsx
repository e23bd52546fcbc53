import { formatSlot, parseSlot } from '@klinikita/domain/schedules/schedule.schema';
import { firstOverlap } from '@klinikita/domain/services/service-hours.rules';
import {
  MAX_DAY_SLOTS,
  type ServiceDay,
  type ServiceDesk,
  serviceDaySaveSchema,
} from '@klinikita/domain/services/service-hours.schema';
import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Input,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCopyServiceDay, useSaveServiceDay } from '../api/service-hours.ts';
import classes from './service-hours.module.css';

/** The week as staff read it: Monday first (weekday 1 = Sunday). */
export const WEEK_ORDER = [2, 3, 4, 5, 6, 7, 1] as const;

/** Where a refusal without a field of its own is shown: above the buttons. */
const FORM_ERROR = '_form';

interface SlotRow {
  /** The row's own key (a row keeps its inputs when one above is removed). */
  id: number;
  start: string;
  end: string;
}

let rowSeq = 0;
const slotRow = (slot: { start: string; end: string }): SlotRow => ({ id: ++rowSeq, ...slot });

/**
 * A desk's weekday: capacity and opening periods (add, change, remove), saved as a whole, and
 * optionally the same for other weekdays. The input stays when the server refuses it.
 */
export function ServiceDayModal({
  clinicId,
  desk,
  day,
  onClose,
}: {
  clinicId: number;
  desk: ServiceDesk;
  day: ServiceDay;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [capacity, setCapacity] = useState<number | string>(day.capacity);
  const [slots, setSlots] = useState<SlotRow[]>(() => day.slots.map((slot) => slotRow(parseSlot(slot))));
  const [copyTo, setCopyTo] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveServiceDay();
  const copy = useCopyServiceDay();
  const busy = save.isPending || copy.isPending;
  const params = { serviceType: desk, weekday: day.weekday };
  const deskName = t(`serviceHours.desks.${desk}`);
  const dayName = (weekday: number) => t(`serviceHours.weekdays.${weekday}`);

  const clear = (key: string) => setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  const setSlot = (index: number, part: 'start' | 'end', value: string) => {
    setSlots((rows) => rows.map((row, i) => (i === index ? { ...row, [part]: value } : row)));
    clear(`slots.${index}`);
  };
  const removeSlot = (index: number) => {
    setSlots((rows) => rows.filter((_, i) => i !== index));
    setErrors({});
  };

  function refused(error: unknown) {
    if (!(error instanceof ApiError) || isUnexpectedError(error)) {
      void reportUnexpectedError(error);
      return;
    }
    const fields = toFieldErrors(error.errors);
    // the overlap names both periods in its message; the field says which one
    setErrors(
      Object.keys(fields).length
        ? { ...fields, ...(error.status === 409 ? { [FORM_ERROR]: error.message } : {}) }
        : { [FORM_ERROR]: error.message },
    );
  }

  function done(message: string) {
    notifications.show({ color: 'teal', message: translateMessage(message) });
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = {
      clinicId,
      capacity: capacity === '' ? undefined : Number(capacity),
      slots: slots.map((s) => formatSlot(s.start, s.end)),
    };
    const parsed = serviceDaySaveSchema.safeParse(body);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const clash = firstOverlap(parsed.data.slots);
    if (clash)
      return setErrors({
        [`slots.${clash.index}`]: 'serviceHours.slotOverlapField',
        [FORM_ERROR]: t('serviceHours.slotOverlap', { slot: clash.slot, other: clash.other }),
      });
    setErrors({});
    save.mutate(
      { params, body: parsed.data },
      {
        onSuccess: (res) => {
          if (!copyTo.length) return done(res.message);
          copy.mutate(
            { params, body: { clinicId, toWeekdays: copyTo.map(Number) } },
            { onSuccess: (copied) => done(copied.message), onError: refused },
          );
        },
        onError: refused,
      },
    );
  }

  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('serviceHours.dialogTitle', { desk: deskName, day: dayName(day.weekday) })}
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label={t('serviceHours.capacity')}
            description={t('serviceHours.capacityHint')}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={capacity}
            onChange={(v) => {
              setCapacity(v);
              clear('capacity');
            }}
            error={errorOf('capacity')}
            data-autofocus
          />
          <Input.Wrapper label={t('serviceHours.slots')}>
            <Stack gap={6} mt={4}>
              {slots.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('serviceHours.noSlots')}
                </Text>
              )}
              {slots.map((slot, i) => {
                const n = i + 1;
                const error = errorOf(`slots.${i}`);
                return (
                  <fieldset
                    key={slot.id}
                    aria-label={t('serviceHours.slotLabel', { n })}
                    className={classes.slotRow}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <TextInput
                        type="time"
                        aria-label={`${t('serviceHours.start')} ${n}`}
                        value={slot.start}
                        onChange={(e) => setSlot(i, 'start', e.currentTarget.value)}
                        error={Boolean(error)}
                        style={{ flex: 1 }}
                      />
                      <Text pt={6}>–</Text>
                      <TextInput
                        type="time"
                        aria-label={`${t('serviceHours.end')} ${n}`}
                        value={slot.end}
                        onChange={(e) => setSlot(i, 'end', e.currentTarget.value)}
                        error={Boolean(error)}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('serviceHours.removeSlot', { n })}
                        onClick={() => removeSlot(i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                    {error && (
                      <Text size="xs" c="red" mt={2}>
                        {error}
                      </Text>
                    )}
                  </fieldset>
                );
              })}
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setSlots((rows) => [...rows, slotRow({ start: '', end: '' })])}
                disabled={slots.length >= MAX_DAY_SLOTS}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('serviceHours.addSlot')}
              </Button>
            </Stack>
          </Input.Wrapper>
          <Input.Wrapper label={t('serviceHours.copyTo')} description={t('serviceHours.copyHint')}>
            <Chip.Group multiple value={copyTo} onChange={setCopyTo}>
              <Group gap={6} mt={6}>
                {WEEK_ORDER.filter((w) => w !== day.weekday).map((w) => (
                  <Chip key={w} value={String(w)} size="xs">
                    {dayName(w)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          {errors[FORM_ERROR] && (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('serviceHours.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('serviceHours.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
