import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { Badge, Group, Kbd, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientList } from '../../../shared/patients/patients-api.ts';
import { queryAnswer, useSearchPick } from '../../../shared/ui/use-search-pick.ts';
import { useTypeaheadText } from '../../../shared/ui/use-typeahead-text.ts';
import classes from './front-office.module.css';

const MIN_QUERY = 2;
const RESULT_LIMIT = 8;
/** The last option: a new patient named as typed. */
const NEW_PATIENT = 'new-patient';
type Option = PatientSummary | typeof NEW_PATIENT;

export const patientName = (p: Pick<PatientSummary, 'title' | 'name'>) =>
  p.title ? `${p.title}. ${p.name}` : p.name;

/**
 * The search box of the front office: searches `GET patients?search=` as the clerk types (from the
 * second letter: at once while nothing is in flight, else at most every 100 ms, a superseded request
 * aborted), ↑ ↓ move through the results and Enter picks from the answer to what is typed (waiting
 * for it if need be); the last option adds a new patient.
 */
export function PatientSearch({
  inputRef,
  error,
  onPick,
  onNewPatient,
}: {
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  onPick: (patient: PatientSummary) => void;
  /** Opens the quick-add form, prefilled from what was typed. */
  onNewPatient: (query: string) => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [query, setQuery] = useState('');
  // the answer to the last asked text is in (set below, as it renders): the next key asks at once
  const answered = useRef(false);
  const asked = useTypeaheadText(query.trim(), { minLength: MIN_QUERY, answered });
  const searching = asked.length >= MIN_QUERY;
  const list = usePatientList(
    { search: searching ? asked : undefined, page: 1, limit: RESULT_LIMIT },
    { enabled: searching, abortable: true },
  );
  const pick = (patient: PatientSummary) => {
    setQuery('');
    onPick(patient);
  };
  const addNew = () => {
    const typed = query.trim();
    setQuery('');
    onNewPatient(typed);
  };
  const open = query.trim().length >= MIN_QUERY;
  const answer = queryAnswer(list, asked, (d) => d.docs);
  answered.current = searching && answer.text === asked;
  // results of an earlier search stay on screen while the next one loads, but Enter waits for it
  const search = useSearchPick<Option>({
    text: query.trim(),
    answer: { text: answer.text, rows: [...(searching && open ? answer.rows : []), NEW_PATIENT] },
    rowKey: (o) => (o === NEW_PATIENT ? NEW_PATIENT : o.uid),
    onPick: (o) => (o === NEW_PATIENT ? addNew() : pick(o)),
  });
  const results = search.rows.filter((o): o is PatientSummary => o !== NEW_PATIENT);
  const newIndex = results.length;
  const active = search.highlighted;
  const stale = !search.fresh;
  const total = list.data?.totalDocs ?? 0;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
      return;
    }
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      search.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      search.pickHighlighted();
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className={classes.search}>
      <TextInput
        ref={inputRef}
        type="search"
        size="md"
        aria-label={t('frontOffice.search.label')}
        placeholder={t('frontOffice.search.placeholder')}
        leftSection={<IconSearch size={18} />}
        rightSection={
          stale && open ? (
            <Loader size="xs" />
          ) : (
            <Group gap={2} wrap="nowrap" visibleFrom="sm">
              <Kbd size="xs">/</Kbd>
              <Kbd size="xs">F2</Kbd>
            </Group>
          )
        }
        rightSectionWidth={64}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
      />
      {open && (
        <Paper withBorder shadow="md" className={classes.results}>
          <div id={listId} role="listbox" aria-label={t('frontOffice.search.results')}>
            {results.map((p, i) => (
              <UnstyledButton
                key={p.uid}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={classes.option}
                onMouseEnter={() => search.highlight(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p)}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {patientName(p)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[
                        p.nik
                          ? `NIK ${p.nik}`
                          : p.passport
                            ? `${t('frontOffice.patient.passport')} ${p.passport}`
                            : null,
                        `${p.dob} · ${t('frontOffice.patient.age', p.age)}`,
                        p.phone,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                  <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
                    {p.mrn}
                  </Badge>
                </Group>
              </UnstyledButton>
            ))}
            {!stale && results.length === 0 && (
              <Text size="sm" c="dimmed" px="sm" py={6}>
                {t('frontOffice.search.none', { query: query.trim() })}
              </Text>
            )}
            {total > results.length && (
              <Text size="xs" c="dimmed" px="sm" py={4}>
                {t('frontOffice.search.more', { count: total })}
              </Text>
            )}
            <UnstyledButton
              id={optionId(newIndex)}
              role="option"
              tabIndex={-1}
              aria-selected={active === newIndex}
              className={classes.option}
              onMouseEnter={() => search.highlight(newIndex)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={addNew}
            >
              <Group gap="xs" wrap="nowrap">
                <IconUserPlus size={16} />
                <Text size="sm" c="teal.9" truncate>
                  {t('frontOffice.search.newPatientNamed', { query: query.trim() })}
                </Text>
              </Group>
            </UnstyledButton>
          </div>
        </Paper>
      )}
    </div>
  );
}
