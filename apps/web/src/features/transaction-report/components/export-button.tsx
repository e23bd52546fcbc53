import type { TransactionFilter } from '@klinikita/domain/billing/transaction-report.schema';
import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTransactionXlsx, type ExportProgress } from '../api/transaction-report-api.ts';

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Roughly what one row weighs in the zipped sheet: enough for a progress bar, not a promise. */
const BYTES_PER_ROW = 160;

/** "Ekspor xlsx": downloads the whole filtered set, showing what arrived against the announced rows. */
export function ExportButton({ filter, disabled }: { filter: TransactionFilter; disabled: boolean }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setOutcome(null);
    setProgress({ received: 0, rows: null });
    try {
      const name = await downloadTransactionXlsx(filter, setProgress);
      setOutcome({ ok: true, text: t('transactionReport.screen.exportDone', { name }) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.rows
    ? Math.min(99, Math.round((progress.received / (progress.rows * BYTES_PER_ROW + 4096)) * 100))
    : 0;
  return (
    <Group gap="sm" align="center">
      <Button onClick={run} loading={progress !== null} disabled={disabled}>
        {t('transactionReport.screen.export')}
      </Button>
      {progress && (
        <Group gap="xs" align="center" aria-live="polite">
          <Progress value={percent} w={160} aria-label={t('transactionReport.screen.export')} />
          <Text size="sm">
            {t('transactionReport.screen.exporting', { received: size(progress.received) })}
            {progress.rows !== null &&
              ` · ${t('transactionReport.screen.exportProgress', { percent, rows: progress.rows.toLocaleString('id-ID') })}`}
          </Text>
        </Group>
      )}
      {outcome && (
        <Alert
          color={outcome.ok ? 'teal' : 'red'}
          py={4}
          title={outcome.ok ? undefined : t('transactionReport.screen.exportFailed')}
        >
          {outcome.text}
        </Alert>
      )}
    </Group>
  );
}
