import { HAZARD_AGENTS } from '@klinikita/domain/mcu/mcu-findings.rules';
import { HAZARD_GROUPS } from '@klinikita/domain/mcu/mcu-stations';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { showActionFailure } from '../../../shared/ui/list-page.tsx';
import { type ExamAnswer, useSaveExposures } from '../api/mcu-exam-api.ts';

type Row = ExamAnswer['exposures'][number];
const empty = (): Row => ({
  group: 'physical',
  agent: '',
  hoursPerDay: null,
  years: null,
  ppe: null,
  level: null,
});

/** The job's hazards in the five groups with hours, years and PPE; the special tests they suggest. */
export function ExposureForm({ exam }: { exam: ExamAnswer }) {
  const { t } = useTranslation();
  const s = (key: string) => t(`mcuExam.screen.${key}`);
  const [rows, setRows] = useState<Row[]>(exam.exposures);
  const [history, setHistory] = useState(exam.occupationalHistory ?? '');
  const save = useSaveExposures();
  const editable = exam.editable;
  const set = (i: number, patch: Partial<Row>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const agentLabel = (code: string) => t(`mcuStations.agent.${code}`, { defaultValue: code });

  function submit() {
    save.mutate(
      {
        params: { uid: exam.participant.uid },
        body: {
          exposures: rows
            .filter((r) => r.agent.trim())
            .map((r) => ({ ...r, group: r.group as (typeof HAZARD_GROUPS)[number] })),
          occupationalHistory: history || null,
        },
      },
      {
        onSuccess: (answer) =>
          notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
        onError: showActionFailure,
      },
    );
  }

  return (
    <Stack gap="sm">
      <Textarea
        label={s('occupationalHistory')}
        autosize
        minRows={2}
        maxLength={4000}
        value={history}
        onChange={(e) => setHistory(e.currentTarget.value)}
        disabled={!editable}
      />
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Group key={i} gap="xs" align="flex-end" wrap="wrap" data-testid="mcu-exposure-row">
          <Select
            w={140}
            label={s('group')}
            data={HAZARD_GROUPS.map((g) => ({ value: g, label: t(`mcuStations.group.${g}`) }))}
            value={row.group}
            allowDeselect={false}
            onChange={(v) => set(i, { group: v ?? 'physical', agent: '' })}
            disabled={!editable}
          />
          <Autocomplete
            w={200}
            label={s('agent')}
            // the agent is stored as the words chosen or typed (the suggestions match either language)
            data={(HAZARD_AGENTS[row.group as keyof typeof HAZARD_AGENTS] ?? []).map(agentLabel)}
            value={row.agent}
            onChange={(v) => set(i, { agent: v })}
            maxLength={100}
            disabled={!editable}
          />
          <NumberInput
            w={90}
            label={s('hoursPerDay')}
            min={0}
            max={24}
            value={row.hoursPerDay ?? ''}
            onChange={(v) => set(i, { hoursPerDay: v === '' ? null : Number(v) })}
            disabled={!editable}
          />
          <NumberInput
            w={80}
            label={s('years')}
            min={0}
            max={60}
            value={row.years ?? ''}
            onChange={(v) => set(i, { years: v === '' ? null : Number(v) })}
            disabled={!editable}
          />
          <TextInput
            w={130}
            label={s('ppe')}
            maxLength={200}
            value={row.ppe ?? ''}
            onChange={(e) => set(i, { ppe: e.currentTarget.value || null })}
            disabled={!editable}
          />
          <TextInput
            w={100}
            label={s('level')}
            maxLength={100}
            value={row.level ?? ''}
            onChange={(e) => set(i, { level: e.currentTarget.value || null })}
            disabled={!editable}
          />
          {editable && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={s('remove')}
              onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && (
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={() => setRows((r) => [...r, empty()])}>
            {s('addExposure')}
          </Button>
          <Button size="xs" onClick={submit} loading={save.isPending}>
            {s('save')}
          </Button>
        </Group>
      )}
      {exam.suggestedTests.length > 0 && (
        <Stack gap={4} data-testid="mcu-suggested-tests">
          <Text size="sm" fw={600}>
            {s('suggested')}
          </Text>
          {exam.suggestedTests.map((test) => (
            <Group key={test.station} gap="xs">
              <Text size="sm">{t(`mcuStations.station.${test.station}`)}</Text>
              <Text size="xs" c="dimmed">
                ({test.agents.map(agentLabel).join(', ')})
              </Text>
              <Badge size="sm" color={test.missing ? 'orange' : 'teal'} variant="light">
                {test.missing ? s('notInPackage') : s('inPackage')}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
