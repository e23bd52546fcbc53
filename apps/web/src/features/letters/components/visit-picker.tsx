import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  Badge,
  Card,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { queryAnswer, useSearchPick } from '../../../shared/ui/use-search-pick.ts';
import {
  type Encounter,
  type RecordPatient,
  useLetterPatients,
  usePatientVisits,
} from '../api/letters-api.ts';
import { shortDate, titledName } from '../letter-format.ts';

function Choice({
  selected,
  highlighted = false,
  onClick,
  label,
  children,
}: {
  selected: boolean;
  /** The row Enter in the search box picks. */
  highlighted?: boolean;
  onClick: () => void;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      aria-label={label}
      data-highlighted={highlighted || undefined}
      px="sm"
      py={6}
      style={{
        borderRadius: 6,
        border: `1px solid ${selected ? 'var(--mantine-color-teal-5)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-teal-0)' : undefined,
        outline: highlighted ? '2px solid var(--mantine-color-teal-3)' : undefined,
      }}
    >
      {children}
    </UnstyledButton>
  );
}

/**
 * The patient (today's own patients, or a search; ↑↓ Enter in the box pick from the answer to what
 * is typed, waiting for it if need be) and then the visit the letter is written from.
 */
export function VisitPicker({
  patient,
  encounterUid,
  onPatient,
  onVisit,
}: {
  patient: string | null;
  encounterUid: string | null;
  onPatient: (p: RecordPatient) => void;
  onVisit: (e: Encounter) => void;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const locale = currentLocale();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const patients = useLetterPatients(search);
  const visits = usePatientVisits(patient);
  const today = clinicDay(user.timeZone);
  // a patient picked without a visit: the latest visit is the one a letter is usually for
  const latest = visits.data?.docs[0];
  useEffect(() => {
    if (patient && !encounterUid && latest) onVisit(latest);
  }, [patient, encounterUid, latest, onVisit]);
  const choice = useSearchPick({
    text: searchText.trim(),
    answer: queryAnswer(patients, search, (d) =>
      d.docs.filter(
        (p) => search || (p.lastVisit && clinicDay(user.timeZone, new Date(p.lastVisit)) === today),
      ),
    ),
    rowKey: (p) => p.uid,
    onPick: onPatient,
  });
  const listed = choice.rows;
  const highlightedUid = choice.fresh ? listed[choice.highlighted]?.uid : undefined;

  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <TextInput
            type="search"
            autoFocus
            aria-label={t('letters.web.searchPatient')}
            placeholder={t('letters.web.searchPlaceholder')}
            leftSection={<IconSearch size={14} />}
            rightSection={patients.isFetching ? <Loader size={14} /> : null}
            maxLength={100}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                choice.move(e.key === 'ArrowDown' ? 1 : -1);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                choice.pickHighlighted();
              }
            }}
          />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {search ? t('letters.web.searchResults') : t('letters.web.todayPatients')}
          </Text>
          <ScrollArea.Autosize mah={260} type="auto">
            <Stack gap={6} role="list" aria-label={t('letters.web.patients')}>
              {patients.isLoading && (
                <Center py="sm">
                  <Loader size="sm" />
                </Center>
              )}
              {!patients.isLoading && listed.length === 0 && (
                <Text size="sm" c="dimmed">
                  {search ? t('letters.web.noMatch') : t('letters.web.noneToday')}
                </Text>
              )}
              {listed.map((p) => (
                <Choice
                  key={p.uid}
                  selected={p.uid === patient}
                  highlighted={p.uid === highlightedUid}
                  onClick={() => onPatient(p)}
                  label={titledName(p)}
                >
                  <Text size="sm" fw={500}>
                    {titledName(p)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.mrn} · {t('patients.web.age', p.age)}
                    {p.lastDiagnosis ? ` · ${p.lastDiagnosis}` : ''}
                  </Text>
                </Choice>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Card>
      {patient && (
        <Card withBorder padding="sm">
          <Stack gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t('letters.web.visits')}
            </Text>
            {visits.isLoading && (
              <Center py="sm">
                <Loader size="sm" />
              </Center>
            )}
            {visits.isError && (
              <Text size="sm" c="red">
                {t('web.common.loadFailed')}
              </Text>
            )}
            {visits.data?.docs.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('letters.web.noVisits')}
              </Text>
            )}
            {visits.data?.docs.map((e) => {
              const primary = e.diagnoses.find((d) => d.primary);
              return (
                <Choice
                  key={e.uid}
                  selected={e.uid === encounterUid}
                  onClick={() => onVisit(e)}
                  label={t('letters.web.visitLabel', { date: shortDate(e.registration.queueDate, locale) })}
                >
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {shortDate(e.registration.queueDate, locale)}
                    </Text>
                    <Badge
                      size="xs"
                      radius="sm"
                      variant="light"
                      color={e.status === 'signed' ? 'teal' : 'yellow'}
                      style={{ textTransform: 'none', flexShrink: 0 }}
                    >
                      {t(`consultations.status.${e.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {[e.doctor?.name, primary ? `${primary.code} ${primary.title}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Choice>
              );
            })}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
