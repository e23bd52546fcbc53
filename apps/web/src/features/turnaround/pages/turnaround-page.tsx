import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { spanEnding } from '@klinikita/domain/dashboard/turnaround.rules';
import { turnaroundQuerySchema } from '@klinikita/domain/dashboard/turnaround.schema';
import { Alert, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { useTurnaround } from '../api/turnaround-api.ts';
import { MetricsTable } from '../components/metrics-table.tsx';
import { SliceTable } from '../components/slice-table.tsx';

/**
 * `/DashboardAdvance/turnAroundTime`: the waiting times of one of the user's clinics over its
 * clinic-local days (today by default, at most 31): per metric n, median, P90, the share within
 * the standard and what was excluded; below, one metric by doctor, payer or hour. Aggregates only.
 */
export function TurnaroundPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const today = clinicDay(clinic?.timeZone ?? 'Asia/Jakarta');
  const [range, setRange] = useState({ from: today, to: today });
  const query = { clinicId: clinic?.id ?? 0, from: range.from, to: range.to };
  const parsed = turnaroundQuerySchema.safeParse(query);
  const result = useTurnaround(query, Boolean(clinic) && parsed.success);
  if (!clinic) return null;

  const serverFields = result.error instanceof ApiError ? toFieldErrors(result.error.errors) : {};
  const errors = parsed.success ? serverFields : toFieldErrors(parsed.error.issues);
  const errorOf = (field: 'from' | 'to') => (errors[field] ? translateMessage(errors[field]) : undefined);
  const quick = (days: number) => setRange(spanEnding(today, days));

  return (
    <Card padding="lg">
      <Stack gap="md">
        <div>
          <Title order={3}>{t('turnaround.screen.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('turnaround.screen.subtitle')}
          </Text>
        </div>
        <Group gap="sm" align="flex-start">
          {clinics.length > 1 && (
            <Select
              w={260}
              label={t('turnaround.screen.clinic')}
              value={String(clinic.id)}
              allowDeselect={false}
              onChange={(v) => v && setClinicId(Number(v))}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          <TextInput
            type="date"
            label={t('turnaround.screen.from')}
            value={range.from}
            error={errorOf('from')}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('turnaround.screen.to')}
            value={range.to}
            error={errorOf('to')}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
          />
          <Group gap={4} mt={24}>
            <Button variant="light" size="sm" onClick={() => quick(1)}>
              {t('turnaround.screen.today')}
            </Button>
            <Button variant="light" size="sm" onClick={() => quick(7)}>
              {t('turnaround.screen.last7')}
            </Button>
            <Button variant="light" size="sm" onClick={() => quick(30)}>
              {t('turnaround.screen.last30')}
            </Button>
          </Group>
        </Group>
        {result.isError && !Object.keys(serverFields).length && (
          <Alert color="red" title={t('turnaround.screen.failed')}>
            {result.error.message}
          </Alert>
        )}
        {result.isPending && parsed.success && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('turnaround.screen.loading')}</Text>
          </Group>
        )}
        {result.data && (
          <>
            <MetricsTable metrics={result.data.metrics} />
            <Text c="dimmed" size="xs">
              {t('turnaround.screen.note')}
            </Text>
            <Title order={4}>{t('turnaround.screen.slices')}</Title>
            <SliceTable slices={result.data.slices} />
          </>
        )}
      </Stack>
    </Card>
  );
}
