import { flagValue } from '@klinikita/domain/lab/lab-catalogue.rules';
import type { LabWorkParameter } from '@klinikita/domain/lab/lab-results.schema';
import { Badge, Table, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
// the result entry's reading of a typed value and its flag badge: one rule for both screens
import { LabFlagBadge } from '../../../shared/lab/lab-results-flag.tsx';
import { readNumber, valueText } from '../../../shared/lab/lab-results-model.ts';
import type { LabWorklistRow } from '../api/lab-worklist-api.ts';

/** What the user typed, by visit and parameter (only what differs from the server's value). */
export type Edits = Record<string, Record<string, string>>;

const cellId = (row: number, col: number) => `wl-${row}-${col}`;

/** The next or previous cell (Enter/Tab walk the row then the next row; arrows move around). */
function focusCell(row: number, col: number) {
  const el = document.getElementById(cellId(row, col)) as HTMLInputElement | null;
  if (el && !el.disabled) {
    el.focus();
    el.select();
    return true;
  }
  return false;
}

/**
 * The worklist grid: one row per sample, one column per parameter of the picked test; the keyboard
 * moves like a spreadsheet; the flag of each value (for that patient's range) shows beside it.
 */
export function LabWorklistGrid({
  parameters,
  rows,
  edits,
  errors,
  onEdit,
}: {
  parameters: LabWorkParameter[];
  rows: LabWorklistRow[];
  edits: Edits;
  errors: Record<string, string>;
  onEdit: (registrationId: string, parameterUid: string, text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const typed = parameters.map((p) => !p.formula);
  const cols = parameters.length;

  const onKey = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const input = event.currentTarget;
    const move = (dr: number, dc: number) => {
      let r = row;
      let c = col;
      for (let i = 0; i < rows.length * cols; i++) {
        c += dc;
        r += dr;
        if (c >= cols) {
          c = 0;
          r++;
        } else if (c < 0) {
          c = cols - 1;
          r--;
        }
        if (r < 0 || r >= rows.length) return;
        if (focusCell(r, c)) return event.preventDefault();
        if (dr !== 0 && dc === 0) continue;
      }
    };
    if (event.key === 'Enter') move(0, event.shiftKey ? -1 : 1);
    else if (event.key === 'ArrowDown') move(1, 0);
    else if (event.key === 'ArrowUp') move(-1, 0);
    else if (event.key === 'ArrowRight' && input.selectionStart === input.value.length) move(0, 1);
    else if (event.key === 'ArrowLeft' && input.selectionEnd === 0) move(0, -1);
  };

  return (
    <Table.ScrollContainer minWidth={320 + cols * 110}>
      <Table withTableBorder withColumnBorders striped verticalSpacing={4} data-testid="worklist-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('labSpecimens.worklist.queue')}</Table.Th>
            <Table.Th>{t('labSpecimens.worklist.patient')}</Table.Th>
            <Table.Th>{t('labSpecimens.worklist.barcode')}</Table.Th>
            {parameters.map((p) => (
              <Table.Th key={p.uid} miw={100}>
                <Text size="sm" fw={600} title={locale === 'en' ? p.nameEn : p.nameId}>
                  {p.code}
                </Text>
                {p.unit && (
                  <Text size="xs" c="dimmed">
                    {p.unit}
                  </Text>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => {
            const locked = row.reportStatus === 'validated' || row.reportStatus === 'released';
            return (
              <Table.Tr key={row.registrationId} data-testid="worklist-row">
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {row.queueNumber}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.patientName}</Text>
                  <Text size="xs" c="dimmed">
                    {row.mrn}
                    {locked && (
                      <Badge ml={4} size="xs" color="blue" variant="light">
                        {t('labSpecimens.worklist.locked')}
                      </Badge>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="xs">
                    {row.barcode ?? '–'}
                  </Text>
                </Table.Td>
                {parameters.map((p, c) => {
                  const cell = row.cells[c];
                  const edited = edits[row.registrationId]?.[p.uid];
                  const text = edited ?? valueText(cell?.value, locale);
                  const error = errors[`${row.registrationId}:${p.uid}`];
                  let flag = cell?.flag ?? null;
                  let impossible = false;
                  if (edited !== undefined) {
                    const n = p.resultType === 'number' ? readNumber(edited) : null;
                    const value = n ? n.value : edited.trim() || null;
                    const f = value === null ? null : flagValue(value, cell?.range ?? null);
                    impossible = f === 'impossible';
                    flag = f === 'impossible' ? null : f;
                  }
                  return (
                    <Table.Td key={p.uid}>
                      <TextInput
                        id={cellId(r, c)}
                        size="xs"
                        value={text}
                        disabled={locked || !typed[c]}
                        aria-label={`${p.code} ${row.queueNumber}`}
                        error={Boolean(error) || impossible}
                        title={error}
                        onChange={(e) => onEdit(row.registrationId, p.uid, e.currentTarget.value)}
                        onKeyDown={(e) => onKey(e, r, c)}
                        rightSection={<LabFlagBadge flag={flag} />}
                        rightSectionWidth={flag && flag !== 'N' ? 34 : 0}
                        styles={{ input: { fontWeight: edited !== undefined ? 600 : undefined } }}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
