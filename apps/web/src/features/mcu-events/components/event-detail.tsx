import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMcuEvent } from '../api/mcu-events-api.ts';
import { EventForm } from './event-form.tsx';
import { ImportPanel } from './import-panel.tsx';
import { formatDay, STATUS_COLOR, screenT } from './mcu-format.ts';
import { ParticipantsTable } from './participants-table.tsx';
import { ProgressBar } from './progress-bar.tsx';

/** One event: its company, site, days and packages, progress, the import and the participants. */
export function EventDetail({
  uid,
  canManage,
  onBack,
}: {
  uid: string;
  canManage: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const s = screenT(t);
  const event = useMcuEvent(uid);
  const [editing, setEditing] = useState(false);
  if (event.isPending) return <Loader size="sm" />;
  if (event.isError || !event.data)
    return (
      <Stack>
        <Alert color="red">{s('failed')}</Alert>
        <Button variant="subtle" onClick={onBack} w="fit-content">
          {s('back')}
        </Button>
      </Stack>
    );
  const e = event.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={onBack} px={0}>
          {s('back')}
        </Button>
        {canManage && (
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            {s('edit')}
          </Button>
        )}
      </Group>
      <Card withBorder>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3}>{e.name}</Title>
              <Badge color={STATUS_COLOR[e.status]} variant="light">
                {t(`mcuSetup.status.${e.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {e.company.name} · {e.clinicName} · {formatDay(e.startDate)} – {formatDay(e.endDate)} ·{' '}
              {t(`mcuSetup.examType.${e.examType}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {s('jobGroups')}: {e.packages.map((p) => `${p.jobGroup} → ${p.code}`).join(', ')}
            </Text>
          </Stack>
          <ProgressBar progress={e.progress} />
        </Group>
      </Card>
      {canManage && <ImportPanel eventUid={e.uid} closed={e.status === 'closed'} />}
      {e.status === 'closed' && <Alert color="gray">{t('mcuSetup.eventClosed')}</Alert>}
      <ParticipantsTable eventUid={e.uid} canManage={canManage && e.status === 'open'} />
      {editing && <EventForm event={e} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
