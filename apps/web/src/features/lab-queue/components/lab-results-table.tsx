import type { LabFlag } from '@klinikita/domain/lab/lab-catalogue.rules';
import type { LabResultValue, LabWorkParameter, LabWorkTest } from '@klinikita/domain/lab/lab-results.schema';
import { Card, Group, Select, Table, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { LabFlagBadge } from '../../../shared/lab/lab-results-flag.tsx';
import {
  criticalText,
  formatResultNumber,
  isCritical,
  previewFlag,
  rangeText,
  valueText,
} from '../../../shared/lab/lab-results-model.ts';

/** What the entry form gives each table: the texts, their messages, and the keyboard's walk. */
export interface LabEntry {
  texts: Record<string, string>;
  errors: Record<string, string>;
  onChange: (uid: string, text: string) => void;
  /** Enter, Tab and the arrows walk the fields (a choice keeps its arrows and, while its list is open, Enter). */
  onKey: (uid: string, event: KeyboardEvent<HTMLInputElement>, choice?: boolean) => void;
  /** A choice picked: on to the next field. */
  onPicked: (uid: string) => void;
  register: (uid: string, el: HTMLInputElement | null) => void;
  disabled: boolean;
}

const shown = (value: number | string | null | undefined, locale: string) =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'number'
      ? formatResultNumber(value, locale)
      : value;

function ValueCell({
  parameter: p,
  stored,
  entry,
  label,
}: {
  parameter: LabWorkParameter;
  stored: LabResultValue | undefined;
  entry: LabEntry | null;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const critical = isCritical(stored?.flag);
  if (!entry || p.formula !== null) {
    return (
      <Text size="sm" fw={600} c={critical ? 'red.8' : undefined} data-testid={`value-${p.code}`}>
        {p.formula !== null && entry && stored?.value == null ? (
          <Text component="span" size="xs" c="dimmed" fw={400}>
            {t('labResults.calculatedPending')}
          </Text>
        ) : (
          shown(stored?.value, i18n.language)
        )}
      </Text>
    );
  }
  const error = entry.errors[p.uid] ? translateMessage(entry.errors[p.uid]) : undefined;
  const text = entry.texts[p.uid] ?? '';
  const common = {
    size: 'xs' as const,
    w: 130,
    'aria-label': label,
    error,
    disabled: entry.disabled,
    ref: (el: HTMLInputElement | null) => entry.register(p.uid, el),
    styles: critical ? { input: { color: 'var(--mantine-color-red-8)', fontWeight: 700 } } : undefined,
  };
  if (p.resultType === 'choice') {
    return (
      <ChoiceInput
        parameter={p}
        text={text}
        entry={entry}
        common={common}
        placeholder={t('labResults.choose')}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={text}
      inputMode={p.resultType === 'number' ? 'decimal' : undefined}
      maxLength={200}
      autoComplete="off"
      onChange={(e) => entry.onChange(p.uid, e.currentTarget.value)}
      onKeyDown={(e) => entry.onKey(p.uid, e)}
    />
  );
}

function ChoiceInput({
  parameter: p,
  text,
  entry,
  common,
  placeholder,
}: {
  parameter: LabWorkParameter;
  text: string;
  entry: LabEntry;
  common: object;
  placeholder: string;
}) {
  const choices = p.choices ?? [];
  // a stored value the choices no longer hold stays visible and selectable
  const data = text && !choices.includes(text) ? [...choices, text] : choices;
  return (
    <Select
      {...common}
      data={data}
      value={text || null}
      placeholder={placeholder}
      // typing opens the list on the first match, Enter takes it; focus alone does not open it
      searchable
      openOnFocus={false}
      selectFirstOptionOnChange
      clearable
      allowDeselect={false}
      onChange={(value) => {
        entry.onChange(p.uid, value ?? '');
        if (value) entry.onPicked(p.uid);
      }}
      onKeyDown={(e) => entry.onKey(p.uid, e, true)}
      // no opening transition: the list is there for the first letter typed, so Enter takes its match
      comboboxProps={{ withinPortal: true, transitionProps: { duration: 0 } }}
    />
  );
}

/**
 * One ordered test: its parameters in print order with the field (or the stored value), the unit,
 * the range for this patient (and its critical limits) and the flag — the server's once saved,
 * the shared rule's for what is typed and not yet saved.
 */
export function LabResultsTable({
  test,
  values,
  entry,
}: {
  test: LabWorkTest;
  values: ReadonlyMap<string, LabResultValue>;
  /** null: read-only (validated, released, replaced). */
  entry: LabEntry | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = (x: { nameId: string; nameEn: string }) => (lang === 'en' ? x.nameEn : x.nameId);
  return (
    <Card withBorder padding="sm" data-testid={`lab-test-${test.code}`}>
      <Group gap="xs" mb={6}>
        <Text fw={700}>{name(test)}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {test.code}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} horizontalSpacing="xs" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">{t('labResults.column.parameter')}</Table.Th>
              <Table.Th w={150}>{t('labResults.column.result')}</Table.Th>
              <Table.Th>{t('labResults.column.unit')}</Table.Th>
              <Table.Th>{t('labResults.column.range')}</Table.Th>
              <Table.Th w={90}>{t('labResults.column.flag')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {test.parameters.map((p) => {
              const stored = values.get(p.uid);
              const range = stored?.range ?? p.range;
              const text = entry?.texts[p.uid];
              // what is typed and differs from what is saved: the shared rule's flag until saved
              const typed =
                entry && p.formula === null && text !== undefined && text !== valueText(stored?.value, lang);
              const flag: LabFlag | null = typed ? previewFlag(p, text) : (stored?.flag ?? null);
              const limits = criticalText(range, t, lang);
              return (
                <Table.Tr
                  key={p.uid}
                  data-testid={`row-${p.code}`}
                  bg={isCritical(flag) ? 'red.0' : undefined}
                >
                  <Table.Td>
                    <Text size="sm">{name(p)}</Text>
                    {p.formula !== null && (
                      <Text size="xs" c="dimmed">
                        {t('labResults.calculated')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ValueCell parameter={p} stored={stored} entry={entry} label={name(p)} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{stored?.unit ?? p.unit ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rangeText(range, t, lang) ?? '–'}</Text>
                    {limits && (
                      <Text size="xs" c="dimmed">
                        {limits}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <LabFlagBadge flag={flag} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
