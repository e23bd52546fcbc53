import { daysBetween, LIST_MAX_DAYS } from '@klinikita/domain/common/dates';
import {
  LAB_FILTER_SERVICES,
  type LabFilterService,
} from '@klinikita/domain/registrations/registration.rules';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFilter } from '../lab-filter.ts';

export interface LabFilterValue {
  date: DateFilter;
  services: LabFilterService[];
}

interface Props {
  opened: boolean;
  onClose: () => void;
  value: LabFilterValue;
  todayIso: string;
  /** The lab variant has the service checkboxes; the physio one lists PHYSIO only. */
  withServices: boolean;
  /** Radiologi: the checkboxes show RAD and cannot change (spec 6). */
  servicesLocked: boolean;
  onSave: (value: LabFilterValue) => void;
}

/** Spec 2.7's Set Filter modal: date range and, in the lab variant, the services; Cancel/Save. */
export function LabFilterModal({ opened, onClose, ...form }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('labQueue.setFilter')} size="sm" centered>
      <FilterForm {...form} onCancel={onClose} />
    </Modal>
  );
}

function initialRange(date: DateFilter, todayIso: string): [string, string] {
  if (date.mode === 'range') return [date.start, date.end];
  if (date.mode === 'all') return ['', ''];
  return [todayIso, todayIso];
}

// the modal unmounts its content when closed, so each opening starts from the filter in force
function FilterForm({
  value,
  todayIso,
  withServices,
  servicesLocked,
  onSave,
  onCancel,
}: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const [[start, end], setRange] = useState(() => initialRange(value.date, todayIso));
  const [services, setServices] = useState<string[]>(servicesLocked ? ['RAD'] : value.services);
  const [errors, setErrors] = useState<{ date?: string; services?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (Boolean(start) !== Boolean(end)) next.date = t('labQueue.dateRequired');
    else if (start && end && start > end) next.date = t('labQueue.dateOrder');
    // both days included: the server's bound on a list carrying NIK and phone
    else if (start && end && daysBetween(start, end) >= LIST_MAX_DAYS)
      next.date = t('labQueue.dateSpan', { days: LIST_MAX_DAYS });
    if (withServices && !servicesLocked && services.length === 0)
      next.services = t('labQueue.serviceRequired');
    setErrors(next);
    if (next.date || next.services) return;
    let date: DateFilter = { mode: 'range', start, end };
    if (!start) date = { mode: 'all' };
    else if (start === todayIso && end === todayIso) date = { mode: 'today' };
    onSave({
      date,
      services: servicesLocked ? value.services : LAB_FILTER_SERVICES.filter((s) => services.includes(s)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label={t('labQueue.startDate')}
            value={start}
            max={end || undefined}
            onChange={(e) => setRange([e.currentTarget.value, end])}
            error={errors.date}
            data-autofocus
          />
          <TextInput
            type="date"
            label={t('labQueue.endDate')}
            value={end}
            min={start || undefined}
            onChange={(e) => setRange([start, e.currentTarget.value])}
            error={errors.date ? ' ' : undefined}
          />
        </Group>
        {withServices && (
          <Checkbox.Group
            label={t('labQueue.services')}
            description={servicesLocked ? t('labQueue.radiologyOnly') : undefined}
            value={services}
            onChange={setServices}
            error={errors.services}
          >
            <Group gap="md" mt={6}>
              {LAB_FILTER_SERVICES.map((service) => (
                <Checkbox key={service} value={service} label={service} disabled={servicesLocked} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {!withServices && (
          <Text size="sm" c="dimmed">
            {t('labQueue.services')}: PHYSIO
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('labQueue.cancel')}
          </Button>
          <Button type="submit">{t('labQueue.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
