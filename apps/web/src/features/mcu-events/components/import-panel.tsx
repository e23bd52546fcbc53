import { MCU_SHEET_COLUMNS } from '@klinikita/domain/mcu/mcu-events.schema';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type McuImportResult,
  participantTemplateUrl,
  useAddMcuParticipant,
  useImportParticipants,
} from '../api/mcu-events-api.ts';
import { screenT, serverErrors } from './mcu-format.ts';

const FORM_COLUMNS = MCU_SHEET_COLUMNS.filter((c) => c !== 'no');
type Cells = Record<string, string>;

/**
 * The participant import: the template, the upload, and the report of each rejected row; a row is
 * fixed in the form (its cells as they were) or in the file imported again (never duplicated).
 */
export function ImportPanel({ eventUid, closed }: { eventUid: string; closed: boolean }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const importer = useImportParticipants();
  const [report, setReport] = useState<McuImportResult | null>(null);
  const [fixing, setFixing] = useState<{ row: number; cells: Cells } | null>(null);

  function upload(file: File | null) {
    if (!file) return;
    importer.mutate(
      { uid: eventUid, file },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setReport(answer.data ?? null);
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped)
            notifications.show({ color: 'orange', message: translateMessage(Object.values(mapped)[0]) });
        },
      },
    );
  }

  /**
   * A row fixed in the form leaves the report once saved, and counts as what the save made of it
   * (a new participant, or one updated); the event's progress refetches with the save.
   */
  function fixed(row: number, saved: McuImportResult | undefined) {
    setFixing(null);
    setReport((r) =>
      r
        ? {
            ...r,
            created: r.created + (saved?.created ?? 0),
            updated: r.updated + (saved?.updated ?? 0),
            unchanged: r.unchanged + (saved?.unchanged ?? 0),
            patientsCreated: r.patientsCreated + (saved?.patientsCreated ?? 0),
            rejected: Math.max(0, r.rejected - 1),
            issues: r.issues.filter((i) => i.row !== row),
            rejectedRows: r.rejectedRows.filter((x) => x.row !== row),
          }
        : r,
    );
  }

  return (
    <Stack gap="xs">
      <Group gap="sm" align="center" wrap="wrap">
        <Text size="sm" c="dimmed" flex="1 1 320px">
          {s('importHint')}
        </Text>
        <Anchor href={participantTemplateUrl(eventUid)} size="sm" download>
          {s('template')}
        </Anchor>
        <FileButton
          onChange={upload}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button {...props} size="xs" loading={importer.isPending} disabled={closed}>
              {s('import')}
            </Button>
          )}
        </FileButton>
      </Group>
      {report && (
        <Alert
          color={report.rejected ? 'orange' : 'teal'}
          title={s('reportTitle')}
          withCloseButton
          onClose={() => setReport(null)}
        >
          <Text size="sm">{s('reportCounts', report)}</Text>
          {report.issues.length > 0 && (
            <>
              <Text size="sm" mt="xs">
                {s('issuesHint')}
              </Text>
              <Table mt="xs" aria-label={s('issuesTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{s('row')}</Table.Th>
                    <Table.Th>{s('column')}</Table.Th>
                    <Table.Th>{s('message')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.issues.map((issue, i) => {
                    const row = report.rejectedRows.find((r) => r.row === issue.row);
                    const first = report.issues.findIndex((x) => x.row === issue.row) === i;
                    return (
                      <Table.Tr key={`${issue.row}-${issue.column}-${issue.message}`}>
                        <Table.Td>{issue.row}</Table.Td>
                        <Table.Td>
                          {t(`mcuSetup.columns.${issue.column}`, { defaultValue: issue.column })}
                        </Table.Td>
                        <Table.Td>{issue.message}</Table.Td>
                        <Table.Td ta="right">
                          {first && row && (
                            <Button size="compact-xs" variant="light" onClick={() => setFixing(row)}>
                              {s('fixRow')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Alert>
      )}
      {fixing && (
        <RowFixForm
          eventUid={eventUid}
          row={fixing.row}
          cells={fixing.cells}
          onClose={() => setFixing(null)}
          onSaved={(saved) => fixed(fixing.row, saved)}
        />
      )}
    </Stack>
  );
}

/** One rejected row in a form: its cells as the sheet had them, saved with the same checks. */
function RowFixForm(props: {
  eventUid: string;
  row: number;
  cells: Cells;
  onClose: () => void;
  onSaved: (saved: McuImportResult | undefined) => void;
}) {
  const { t } = useTranslation();
  const s = screenT(t);
  const [values, setValues] = useState<Cells>(() =>
    Object.fromEntries(FORM_COLUMNS.map((c) => [c, props.cells[c] ?? ''])),
  );
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddMcuParticipant();

  function save() {
    add.mutate(
      { params: { uid: props.eventUid }, body: values },
      {
        onSuccess: (answer) => {
          const result = answer.data;
          if (result && result.rejected === 0) {
            notifications.show({ color: 'teal', message: translateMessage(answer.message) });
            props.onSaved(result);
            return;
          }
          setIssues(Object.fromEntries((result?.issues ?? []).map((i) => [i.column, i.message])));
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setFormError(translateMessage(Object.values(mapped)[0]));
        },
      },
    );
  }

  return (
    <Modal opened onClose={props.onClose} title={s('fixTitle', { row: props.row })} size="lg">
      <Stack gap="xs">
        {FORM_COLUMNS.map((c) => (
          <TextInput
            key={c}
            label={t(`mcuSetup.columns.${c}`)}
            value={values[c]}
            error={issues[c]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((x) => ({ ...x, [c]: v }));
            }}
          />
        ))}
        {formError && <Alert color="red">{formError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {s('cancel')}
          </Button>
          <Button onClick={save} loading={add.isPending}>
            {s('saveRow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
