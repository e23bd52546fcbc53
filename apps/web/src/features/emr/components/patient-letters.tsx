import { Anchor, Badge, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { type Letter, letterPdfUrl, usePatientLetters } from '../api/record-api.ts';
import { formatDate } from '../format.ts';

const KIND_COLORS = { health: 'teal', sick: 'orange', referral: 'blue' } as const;

/** What a letter says in a line: the purpose and verdict, the days of rest, where it refers to. */
export function letterDetail(l: Letter, t: TFunction, locale: 'id' | 'en') {
  if (l.kind === 'health')
    return [
      l.purpose,
      l.healthy == null ? null : t(l.healthy ? 'emr.letters.healthy' : 'emr.letters.unhealthy'),
    ]
      .filter(Boolean)
      .join(' · ');
  if (l.kind === 'sick' && l.restFrom && l.restUntil)
    return t('emr.letters.rest', {
      days: l.restDays ?? 1,
      from: formatDate(l.restFrom, locale),
      until: formatDate(l.restUntil, locale),
    });
  if (l.referral) return [l.referral.facility, l.referral.specialty].filter(Boolean).join(' — ');
  return '';
}

/** The patient's letters, newest first, each printable. */
export function PatientLetters({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const letters = usePatientLetters(patientUid, page);
  const docs = letters.data?.docs ?? [];
  return (
    <>
      <PagedTable
        label={t('emr.letters.table')}
        minWidth={860}
        fetching={letters.isFetching}
        stale={letters.isPlaceholderData}
        head={
          <>
            <Table.Th>{t('emr.letters.number')}</Table.Th>
            <Table.Th>{t('emr.letters.kind')}</Table.Th>
            <Table.Th>{t('emr.letters.written')}</Table.Th>
            <Table.Th>{t('emr.letters.detail')}</Table.Th>
            <Table.Th>{t('emr.letters.doctor')}</Table.Th>
            <Table.Th ta="right">{t('emr.letters.print')}</Table.Th>
          </>
        }
      >
        <TableState
          columns={6}
          loading={letters.isLoading}
          failed={letters.isError && !letters.data}
          empty={docs.length === 0}
          filtered={false}
          emptyLabel={t('emr.letters.empty')}
          onClearFilters={() => {}}
        />
        {docs.map((l) => (
          <Table.Tr key={l.uid}>
            <Table.Td ff="monospace">
              <Text size="sm" ff="monospace">
                {l.number}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={KIND_COLORS[l.kind]}
                radius="sm"
                style={{ textTransform: 'none' }}
              >
                {t(`letters.kinds.${l.kind}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(l.createdAt, locale)}</Table.Td>
            <Table.Td>
              <Text size="sm">{letterDetail(l, t, locale)}</Text>
            </Table.Td>
            <Table.Td>{l.doctorName ?? '–'}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Anchor
                size="sm"
                href={letterPdfUrl(l.uid)}
                target="_blank"
                rel="noopener"
                aria-label={t('emr.letters.printOne', { number: l.number })}
              >
                <IconPrinter size={14} style={{ verticalAlign: 'middle' }} /> {t('emr.letters.print')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </PagedTable>
      {letters.data && (
        <ListFooter
          page={letters.data.page}
          totalPages={letters.data.totalPages}
          limit={letters.data.limit}
          totalDocs={letters.data.totalDocs}
          onPage={setPage}
        />
      )}
    </>
  );
}
