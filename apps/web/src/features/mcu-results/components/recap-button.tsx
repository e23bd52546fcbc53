import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadPercent, downloadSize } from '../../../shared/api/streamed-download.ts';
import { downloadMcuRecap, type RecapProgress } from '../api/mcu-results-api.ts';

/** "Unduh rekap": the event's recap xlsx, with what arrived against the announced participants. */
export function RecapButton({ eventUid }: { eventUid: string | null }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<RecapProgress | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    if (!eventUid) return;
    setOutcome(null);
    setProgress({ received: 0, rows: null });
    try {
      const name = await downloadMcuRecap(eventUid, setProgress);
      setOutcome({ ok: true, text: t('mcuOutputs.screen.exportDone', { name }) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
    }
  };
  const percent = downloadPercent(progress);
  return (
    <Group gap="sm" align="center">
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={run}
        loading={progress !== null}
        disabled={!eventUid}
        title={eventUid ? undefined : t('mcuOutputs.screen.recapPick')}
      >
        {t('mcuOutputs.screen.recap')}
      </Button>
      {progress && (
        <Group gap="xs" align="center" aria-live="polite">
          <Progress value={percent} w={140} aria-label={t('mcuOutputs.screen.recap')} />
          <Text size="sm">
            {t('mcuOutputs.screen.exporting', { received: downloadSize(progress.received) })}
            {progress.rows !== null &&
              ` · ${t('mcuOutputs.screen.exportProgress', { percent, rows: progress.rows.toLocaleString('id-ID') })}`}
          </Text>
        </Group>
      )}
      {outcome && (
        <Alert
          color={outcome.ok ? 'teal' : 'red'}
          py={4}
          title={outcome.ok ? undefined : t('mcuOutputs.screen.exportFailed')}
        >
          {outcome.text}
        </Alert>
      )}
    </Group>
  );
}
