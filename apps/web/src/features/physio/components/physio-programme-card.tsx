import type { Locale } from '@klinikita/domain/i18n/locale';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { type PhysioProgramme, useClosePhysioProgramme } from '../api/physio-api.ts';

const STATUS_COLORS = { active: 'blue', completed: 'teal', stopped: 'gray' } as const;

/**
 * The programme: its progress (sessions done of planned, remaining), the first assessment, the
 * sessions noted so far; an active programme is completed or stopped from here.
 */
export function PhysioProgrammeCard({
  programme,
  registrationId,
  timeZone,
}: {
  programme: PhysioProgramme;
  registrationId: string;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const [closing, setClosing] = useState<'completed' | 'stopped' | null>(null);
  const done = programme.sessionsDone;
  const a = programme.assessment;
  const none = t('physio.none');
  return (
    <Card withBorder padding="md" component="section" aria-label={t('physio.programme.title')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Text fw={600}>{t('physio.programme.title')}</Text>
              <Badge color={STATUS_COLORS[programme.status]} variant="light">
                {t(`physio.programme.statuses.${programme.status}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('physio.programme.started', {
                date: formatDateTime(programme.createdAt, locale, timeZone),
                name: programme.createdBy ?? none,
                clinic: programme.clinicName,
              })}
            </Text>
          </div>
          {programme.status === 'active' && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                color="teal"
                leftSection={<IconCircleCheck size={16} />}
                onClick={() => setClosing('completed')}
              >
                {t('physio.programme.complete')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => setClosing('stopped')}
              >
                {t('physio.programme.stop')}
              </Button>
            </Group>
          )}
        </Group>
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600} data-testid="physio-progress">
              {t('physio.programme.progress', { done, planned: programme.plannedSessions })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('physio.programme.remaining', { count: programme.remaining })}
            </Text>
          </Group>
          <Progress
            value={(done / programme.plannedSessions) * 100}
            size="lg"
            radius="xl"
            aria-label={t('physio.programme.progress', { done, planned: programme.plannedSessions })}
          />
        </div>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <Field label={t('physio.assessment.diagnosis')} value={programme.diagnosis ?? none} />
          <Field label={t('physio.assessment.goals')} value={programme.goals ?? none} />
          <Field
            label={t('physio.programme.baseline')}
            value={[
              t('physio.programme.painBaseline', { value: a.painScale }),
              ...a.rangeOfMotion.map((r) => `${r.joint} ${r.movement} ${r.degrees}°`),
              ...a.strength.map((s) => `${s.muscle} ${s.grade}/5`),
              a.function,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </SimpleGrid>
        <Text size="sm" fw={600} mt="xs">
          {t('physio.history.title')}
        </Text>
        {programme.sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('physio.history.empty')}
          </Text>
        ) : (
          <Table striped withTableBorder fz="sm" aria-label={t('physio.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('physio.history.number')}</Table.Th>
                <Table.Th>{t('physio.history.date')}</Table.Th>
                <Table.Th>{t('physio.history.pain')}</Table.Th>
                <Table.Th>{t('physio.history.interventions')}</Table.Th>
                <Table.Th>{t('physio.history.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programme.sessions.map((s) => (
                <Table.Tr key={s.uid} bg={s.registrationId === registrationId ? 'blue.0' : undefined}>
                  <Table.Td>
                    {s.sessionNumber}
                    {s.kind === 'reevaluation' && (
                      <Text size="xs" c="grape.7" fw={600}>
                        {t('physio.session.kinds.reevaluation')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(s.performedAt, locale, timeZone)}</Table.Td>
                  <Table.Td>
                    {s.painBefore} → {s.painAfter}
                  </Table.Td>
                  <Table.Td>
                    {s.interventions ?? none}
                    {s.note && (
                      <Text size="xs" c="dimmed">
                        {s.note}
                      </Text>
                    )}
                    {s.kind === 'reevaluation' && (
                      <Text size="xs" c="dimmed">
                        {[
                          ...s.rangeOfMotion.map((r) => `${r.joint} ${r.movement} ${r.degrees}°`),
                          ...s.strength.map((m) => `${m.muscle} ${m.grade}/5`),
                          s.function,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{s.performedBy ?? none}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <CloseModal
        status={closing}
        programme={programme}
        registrationId={registrationId}
        onClose={() => setClosing(null)}
      />
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {value}
      </Text>
    </div>
  );
}

function CloseModal({
  status,
  programme,
  registrationId,
  onClose,
}: {
  status: 'completed' | 'stopped' | null;
  programme: PhysioProgramme;
  registrationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useClosePhysioProgramme();
  const [reason, setReason] = useState('');
  const confirm = () => {
    if (!status) return;
    close.mutate(
      { params: { registrationId }, body: { status, reason } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          setReason('');
          onClose();
        },
        onError: (error) => {
          if (isUnexpectedError(error)) void reportUnexpectedError(error);
          else notifications.show({ color: 'orange', message: error.message });
        },
      },
    );
  };
  const counts = { done: programme.sessionsDone, planned: programme.plannedSessions };
  return (
    <Modal opened={status !== null} onClose={onClose} title={t('physio.programme.closeTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {status === 'stopped'
            ? t('physio.programme.closeStopped', counts)
            : t('physio.programme.closeCompleted', counts)}
        </Text>
        <Textarea
          label={t('physio.programme.reason')}
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('physio.programme.keep')}
          </Button>
          <Button color={status === 'stopped' ? 'red' : 'teal'} loading={close.isPending} onClick={confirm}>
            {t('physio.programme.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
