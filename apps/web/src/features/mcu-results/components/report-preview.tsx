import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconChecklist, IconPrinter } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type McuResultRow,
  mcuCertificateUrl,
  mcuChecklistUrl,
  mcuReportUrl,
} from '../api/mcu-results-api.ts';

/** One participant's report inline (the server's PDF), with Print, the letters and the checklist. */
export function ReportPreview({ row, onBack }: { row: McuResultRow; onBack: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const approved = row.conclusion?.status === 'approved';
  const print = () => {
    const win = frame.current?.contentWindow;
    if (win) win.print();
    else window.open(mcuReportUrl(row.uid), '_blank', 'noopener');
  };
  const open = (url: string) => () => window.open(url, '_blank', 'noopener');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
            onClick={onBack}
            px={0}
          >
            {t('mcuOutputs.screen.back')}
          </Button>
          <Title order={2}>{t('mcuOutputs.screen.previewTitle', { name: row.name })}</Title>
          <Text c="dimmed" size="sm">
            {row.mcuNumber} · {row.company.name} · {row.event.name}
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconPrinter size={16} />} onClick={print}>
            {t('mcuOutputs.screen.print')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCertificate size={16} />}
            disabled={!approved}
            onClick={open(mcuCertificateUrl(row.uid, 'health'))}
          >
            {t('mcuOutputs.screen.certificate')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCertificate size={16} />}
            disabled={!approved}
            onClick={open(mcuCertificateUrl(row.uid, 'fitToWork'))}
          >
            {t('mcuOutputs.screen.fitToWork')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconChecklist size={16} />}
            onClick={open(mcuChecklistUrl(row.uid))}
          >
            {t('mcuOutputs.screen.checklist')}
          </Button>
        </Group>
      </Group>
      {!approved && (
        <Alert color="orange" p="xs">
          {t('mcuOutputs.screen.draftNote')}
        </Alert>
      )}
      <Card withBorder p={0}>
        <iframe
          ref={frame}
          title={t('mcuOutputs.screen.previewTitle', { name: row.name })}
          src={mcuReportUrl(row.uid)}
          style={{ width: '100%', height: '78vh', border: 0 }}
        />
      </Card>
    </Stack>
  );
}
