import { getMcuPortalRecap } from '@klinikita/domain/mcu/mcu-portal.contract';
import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DownloadProgress,
  downloadPercent,
  downloadSize,
  downloadStreamed,
} from '../../../shared/api/streamed-download.ts';
import { API_BASE } from '../../../shared/api-client.ts';

const recapUrl = (uid: string) =>
  `${API_BASE}${getMcuPortalRecap.path.replace(':uid', encodeURIComponent(uid))}`;

/**
 * "Unduh rekap (xlsx)": the event's recap as the clinic makes it — the medical columns only of
 * the participants who consented — with what arrived against the announced participants.
 */
export function RecapDownload({ eventUid }: { eventUid: string }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setOutcome(null);
    setProgress({ received: 0, rows: null });
    try {
      const name = await downloadStreamed(recapUrl(eventUid), setProgress, 'rekap-mcu.xlsx');
      setOutcome({ ok: true, text: t('mcuPortal.screen.recapDone', { name }) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
    }
  };
  const percent = downloadPercent(progress);
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={run}
        loading={progress !== null}
      >
        {t('mcuPortal.screen.recap')}
      </Button>
      {progress && (
        <Group gap="xs" align="center" aria-live="polite">
          <Progress value={percent} w={140} aria-label={t('mcuPortal.screen.recap')} />
          <Text size="sm">
            {t('mcuPortal.screen.recapReceived', { received: downloadSize(progress.received) })}
            {progress.rows !== null &&
              ` · ${t('mcuPortal.screen.recapProgress', { percent, rows: progress.rows.toLocaleString('id-ID') })}`}
          </Text>
        </Group>
      )}
      {outcome && (
        <Alert
          color={outcome.ok ? 'teal' : 'red'}
          py={4}
          title={outcome.ok ? undefined : t('mcuPortal.screen.recapFailed')}
        >
          {outcome.text}
        </Alert>
      )}
    </Group>
  );
}
