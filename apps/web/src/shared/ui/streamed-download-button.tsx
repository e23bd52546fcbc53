import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DownloadProgress, downloadPercent, downloadSize } from '../api/streamed-download.ts';

/** The i18n keys of one download's words: the button, bytes received, progress, done, failed. */
export interface DownloadWords {
  label: string;
  /** `{{received}}` */
  received: string;
  /** `{{percent}}`, `{{rows}}` */
  progress: string;
  /** `{{name}}` */
  done: string;
  failed: string;
}

/**
 * A button that downloads a streamed file (`downloadStreamed`), showing what arrived against the
 * rows the server announced, then the saved file's name or the refusal.
 */
export function StreamedDownloadButton({
  download,
  words,
  disabled,
  title,
  size,
}: {
  download: (onProgress: (p: DownloadProgress) => void) => Promise<string>;
  words: DownloadWords;
  disabled?: boolean;
  title?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setOutcome(null);
    setProgress({ received: 0, rows: null });
    try {
      const name = await download(setProgress);
      setOutcome({ ok: true, text: t(words.done, { name }) });
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
        size={size}
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={run}
        loading={progress !== null}
        disabled={disabled}
        title={title}
      >
        {t(words.label)}
      </Button>
      {progress && (
        <Group gap="xs" align="center" aria-live="polite">
          <Progress value={percent} w={140} aria-label={t(words.label)} />
          <Text size="sm">
            {t(words.received, { received: downloadSize(progress.received) })}
            {progress.rows !== null &&
              ` · ${t(words.progress, { percent, rows: progress.rows.toLocaleString('id-ID') })}`}
          </Text>
        </Group>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} py={4} title={outcome.ok ? undefined : t(words.failed)}>
          {outcome.text}
        </Alert>
      )}
    </Group>
  );
}
