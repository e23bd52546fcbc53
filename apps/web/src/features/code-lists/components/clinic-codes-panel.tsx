import type { ClinicCode } from '@klinikita/domain/codes/code.schema';
import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import { Badge, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import {
  confirmToggle,
  type ListColumn,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { useClinicCodes, useUndoClinicCode } from '../api/clinic-codes-api.ts';
import { ListCard } from './list-card.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const SYSTEMS: readonly CodeSystem[] = ['icd10', 'icd9cm'];
type Kind = 'all' | 'corrected' | 'favourite';

const corrected = (row: ClinicCode) => row.titleId !== null || row.titleEn !== null;

/** Two lines of a title: Indonesian, then English (dimmed). */
function Titles({ id, en, dimmed }: { id: string; en: string; dimmed?: boolean }) {
  return (
    <>
      <Text size="sm" c={dimmed ? 'dimmed' : undefined}>
        {id}
      </Text>
      <Text size="xs" c="dimmed">
        {en}
      </Text>
    </>
  );
}

/**
 * The ICD-10 / ICD-9-CM title corrections and favourites of the clinics in scope (read here,
 * made on the examination screen); a correction can be undone and a favourite removed.
 */
export function ClinicCodesPanel() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const mayUndo = usePermissions().has('code.manage');
  const [searchText, setSearchText] = useState('');
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [system, setSystem] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useFilterPage(JSON.stringify([search, clinicId, system, kind]));
  const rows = useClinicCodes({
    clinicId: clinicId ? Number(clinicId) : undefined,
    system: (system as CodeSystem | null) ?? undefined,
    kind: kind === 'all' ? undefined : kind,
    search: search || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const undo = useUndoClinicCode();
  const severalClinics = user.clinics.length > 1;

  function undoCorrection(row: ClinicCode) {
    confirmToggle({
      activate: false,
      title: t('codeLists.icd.undoCorrectionTitle'),
      message: t('codeLists.icd.undoCorrectionConfirm', {
        code: row.code,
        clinic: row.clinicName,
        title: row.officialTitleId,
      }),
      confirm: t('codeLists.icd.undoCorrection'),
      cancel: t('codeLists.cancel'),
      onConfirm: () => undo.mutate({ row, undo: 'correction' }, toggleFeedback),
    });
  }
  function unfavourite(row: ClinicCode) {
    confirmToggle({
      activate: false,
      title: t('codeLists.icd.unfavouriteTitle'),
      message: t('codeLists.icd.unfavouriteConfirm', { code: row.code, clinic: row.clinicName }),
      confirm: t('codeLists.icd.unfavourite'),
      cancel: t('codeLists.cancel'),
      onConfirm: () => undo.mutate({ row, undo: 'favourite' }, toggleFeedback),
    });
  }

  const columns: ListColumn<ClinicCode>[] = [
    ...(severalClinics
      ? [
          {
            key: 'clinic',
            header: t('codeLists.icd.colClinic'),
            th: { w: 180 },
            cell: (row: ClinicCode) => <Text size="sm">{row.clinicName}</Text>,
          },
        ]
      : []),
    {
      key: 'code',
      header: t('codeLists.icd.colCode'),
      th: { w: 150 },
      cell: (row) => (
        <Stack gap={2}>
          <Text size="sm" ff="monospace" fw={500}>
            {row.code}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`codes.systems.${row.system}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'official',
      header: t('codeLists.icd.colOfficial'),
      cell: (row) => <Titles id={row.officialTitleId} en={row.officialTitleEn} dimmed={corrected(row)} />,
    },
    {
      key: 'clinicTitle',
      header: t('codeLists.icd.colClinicTitle'),
      cell: (row) =>
        corrected(row) ? (
          <Titles id={row.titleId ?? row.officialTitleId} en={row.titleEn ?? row.officialTitleEn} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('codeLists.icd.notCorrected')}
          </Text>
        ),
    },
    {
      key: 'marks',
      header: t('codeLists.icd.colMarks'),
      th: { w: 120 },
      cell: (row) => (
        <Group gap={4}>
          {corrected(row) && (
            <Badge size="sm" variant="light" color="orange">
              {t('codeLists.icd.correctedBadge')}
            </Badge>
          )}
          {row.favourite && (
            <Badge size="sm" variant="light" color="yellow">
              {t('codeLists.icd.favouriteBadge')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...(mayUndo
      ? [
          {
            key: 'actions',
            header: t('codeLists.icd.colActions'),
            th: { w: 180, ta: 'right' as const },
            cell: (row: ClinicCode) => (
              <Stack gap={4} align="flex-end">
                {corrected(row) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    aria-label={`${t('codeLists.icd.undoCorrection')} ${row.code} ${row.clinicName}`}
                    onClick={() => undoCorrection(row)}
                  >
                    {t('codeLists.icd.undoCorrection')}
                  </Button>
                )}
                {row.favourite && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    aria-label={`${t('codeLists.icd.unfavourite')} ${row.code} ${row.clinicName}`}
                    onClick={() => unfavourite(row)}
                  >
                    {t('codeLists.icd.unfavourite')}
                  </Button>
                )}
              </Stack>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListCard
      intro={<Text size="sm">{t('codeLists.icd.hint')}</Text>}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('codeLists.icd.searchPlaceholder'),
        label: t('codeLists.icd.search'),
      }}
      filters={
        <>
          {severalClinics && (
            <Select
              aria-label={t('codeLists.icd.clinic')}
              placeholder={t('codeLists.icd.allClinics')}
              clearable
              w={240}
              value={clinicId}
              onChange={setClinicId}
              data={user.clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          <Select
            aria-label={t('codeLists.icd.system')}
            placeholder={t('codeLists.icd.allSystems')}
            clearable
            w={190}
            value={system}
            onChange={setSystem}
            data={SYSTEMS.map((s) => ({ value: s, label: t(`codes.systems.${s}`) }))}
          />
          <SegmentedControl
            aria-label={t('codeLists.icd.kind')}
            value={kind}
            onChange={(v) => setKind(v as Kind)}
            data={[
              { value: 'all', label: t('codeLists.icd.allKinds') },
              { value: 'corrected', label: t('codeLists.icd.corrected') },
              { value: 'favourite', label: t('codeLists.icd.favourite') },
            ]}
          />
        </>
      }
      table={{ label: t('codeLists.icd.list'), minWidth: 960 }}
      columns={columns}
      rowKey={(row) => `${row.clinicId}:${row.system}:${row.code}`}
      query={rows}
      filtered={Boolean(searchText.trim()) || clinicId !== null || system !== null || kind !== 'all'}
      emptyLabel={t('codeLists.icd.empty')}
      onClearFilters={() => {
        setSearchText('');
        setClinicId(null);
        setSystem(null);
        setKind('all');
      }}
      onPage={setPage}
    />
  );
}
