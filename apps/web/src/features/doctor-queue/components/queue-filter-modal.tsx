import { daysBetween, LIST_MAX_DAYS } from '@klinikita/domain/common/dates';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_STATUSES, type FilterStatus } from '../queue-lists.ts';
import type { DateScope } from '../queue-params.ts';

export interface QueueFilter {
  statuses: FilterStatus[];
  scope: DateScope;
}

/**
 * The filter modal of spec 2.8: the statuses Queueing, Examination, Skip, Exam Done and a date
 * range, Cancel/Save. An empty range keeps the current days (today or All date).
 */
export function QueueFilterModal({
  opened,
  value,
  onClose,
  onSave,
}: {
  opened: boolean;
  value: QueueFilter;
  onClose: () => void;
  onSave: (value: QueueFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('doctorQueue.filter.title')} centered size="sm">
      {/* mounted only while open: each opening starts from the filter in force */}
      {opened && <FilterForm value={value} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function FilterForm({
  value,
  onClose,
  onSave,
}: {
  value: QueueFilter;
  onClose: () => void;
  onSave: (value: QueueFilter) => void;
}) {
  const { t } = useTranslation();
  const [statuses, setStatuses] = useState<string[]>(value.statuses);
  const [from, setFrom] = useState(value.scope.kind === 'range' ? value.scope.from : '');
  const [to, setTo] = useState(value.scope.kind === 'range' ? value.scope.to : '');
  const [tried, setTried] = useState(false);

  const statusError = statuses.length === 0 ? t('doctorQueue.filter.statusRequired') : null;
  const rangeError =
    (from && !to) || (!from && to)
      ? t('doctorQueue.filter.rangeIncomplete')
      : from && to && to < from
        ? t('doctorQueue.filter.rangeOrder')
        : from && to && daysBetween(from, to) >= LIST_MAX_DAYS
          ? t('doctorQueue.filter.rangeSpan', { days: LIST_MAX_DAYS })
          : null;

  const save = () => {
    setTried(true);
    if (statusError || rangeError) return;
    onSave({
      statuses: FILTER_STATUSES.filter((s) => statuses.includes(s)),
      scope:
        from && to
          ? { kind: 'range', from, to }
          : value.scope.kind === 'range'
            ? { kind: 'today' }
            : value.scope,
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <Checkbox.Group
          label={t('doctorQueue.filter.status')}
          value={statuses}
          onChange={setStatuses}
          error={tried ? statusError : null}
        >
          <SimpleGrid cols={2} spacing="xs" mt={6}>
            {FILTER_STATUSES.map((s) => (
              <Checkbox key={s} value={s} label={t(`doctorQueue.status.${s}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('doctorQueue.filter.dateRange')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              type="date"
              label={t('doctorQueue.filter.from')}
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('doctorQueue.filter.to')}
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </SimpleGrid>
          {tried && rangeError ? (
            <Text size="xs" c="red" mt={4} role="alert">
              {rangeError}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" mt={4}>
              {t('doctorQueue.filter.dateHint')}
            </Text>
          )}
        </div>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('doctorQueue.filter.cancel')}
          </Button>
          <Button type="submit">{t('doctorQueue.filter.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
