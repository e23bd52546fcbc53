import type { AvailableDoctor } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Group, Input, Loader, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type Ref, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './front-office.module.css';

/**
 * Today's doctors of the clinic as a radio group: one tab stop, ↑ ↓ ← → move and choose,
 * skipping the doctors whose quota is full (shown, but not selectable).
 */
export function DoctorPicker({
  doctors,
  loading,
  failed,
  value,
  onChange,
  error,
  groupRef,
}: {
  doctors: AvailableDoctor[];
  loading: boolean;
  failed: boolean;
  value: number | null;
  onChange: (doctorId: number) => void;
  error?: string;
  groupRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const selectable = doctors.filter((d) => !d.full);
  // the tab stop: the chosen doctor, else the first one with room left
  const tabStop = selectable.some((d) => d.doctorId === value) ? value : (selectable[0]?.doctorId ?? null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, doctor: AvailableDoctor) {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step || !selectable.length) return;
    event.preventDefault();
    const at = selectable.findIndex((d) => d.doctorId === doctor.doctorId);
    const next = selectable[(at + step + selectable.length) % selectable.length];
    onChange(next.doctorId);
    buttons.current.get(next.doctorId)?.focus();
  }

  return (
    <Input.Wrapper
      label={t('frontOffice.visit.doctorsToday')}
      labelProps={{ id: labelId }}
      required
      error={error}
    >
      {loading ? (
        <Group gap="xs" py="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('frontOffice.visit.doctorsLoading')}
          </Text>
        </Group>
      ) : failed ? (
        <Text size="sm" c="red" py="xs">
          {t('frontOffice.visit.doctorsFailed')}
        </Text>
      ) : doctors.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {t('frontOffice.visit.doctorsNone')}
        </Text>
      ) : (
        <div
          ref={groupRef}
          role="radiogroup"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          className={classes.doctors}
        >
          {doctors.map((d) => {
            const checked = d.doctorId === value;
            return (
              <UnstyledButton
                key={d.doctorId}
                ref={(el: HTMLButtonElement | null) => {
                  if (el) buttons.current.set(d.doctorId, el);
                  else buttons.current.delete(d.doctorId);
                }}
                role="radio"
                aria-checked={checked}
                aria-disabled={d.full || undefined}
                aria-label={d.name}
                tabIndex={d.doctorId === tabStop ? 0 : -1}
                className={classes.doctor}
                onClick={() => !d.full && onChange(d.doctorId)}
                onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => onKeyDown(e, d)}
              >
                <Group justify="space-between" wrap="nowrap" gap={6} align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {d.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[d.specialist, d.room].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                  <Badge
                    color={d.full ? 'red' : checked ? 'clinicalTeal' : 'gray'}
                    variant="light"
                    size="sm"
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {d.limit > 0
                      ? t('frontOffice.visit.quota', { booked: d.booked, limit: d.limit })
                      : t('frontOffice.visit.quotaOpen', { booked: d.booked })}
                  </Badge>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap={6} mt={2}>
                  <Text size="xs" truncate>
                    {d.slots.join(', ')}
                  </Text>
                  {d.full && (
                    <Text size="xs" c="red.8" fw={600} style={{ flexShrink: 0 }}>
                      {t('frontOffice.visit.full')}
                    </Text>
                  )}
                </Group>
              </UnstyledButton>
            );
          })}
        </div>
      )}
    </Input.Wrapper>
  );
}
