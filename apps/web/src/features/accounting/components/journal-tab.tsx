import { JOURNAL_SOURCES } from '@klinikita/domain/accounting/accounting.rules';
import { journalQuerySchema } from '@klinikita/domain/accounting/accounting.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { downloadJournal, type JournalEntry, useJournal } from '../api/accounting-api.ts';

type Source = (typeof JOURNAL_SOURCES)[number];

const BalancedBadge = ({ balanced }: { balanced: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={balanced ? 'green' : 'red'} variant="light">
      {t(balanced ? 'accounting.screen.balanced' : 'accounting.screen.unbalanced')}
    </Badge>
  );
};

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the other finance screens show a day. */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function EntryRows({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Tr bg="var(--mantine-color-gray-0)">
        <Table.Td>{shortDay(entry.day)}</Table.Td>
        <Table.Td colSpan={2}>
          <Text size="sm" fw={600}>
            {entry.reference} · {t(`accounting.sources.${entry.source}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {entry.description}
          </Text>
        </Table.Td>
        <Table.Td colSpan={2} ta="right">
          <BalancedBadge balanced={entry.balanced} />
        </Table.Td>
      </Table.Tr>
      {entry.lines.map((l) => (
        // one line per account and side (the server merges them)
        <Table.Tr key={`${entry.uid}-${l.accountKey}-${l.debit ? 'd' : 'c'}`}>
          <Table.Td />
          <Table.Td>{l.accountCode}</Table.Td>
          <Table.Td pl={l.credit ? 'xl' : undefined}>{l.accountName}</Table.Td>
          <Table.Td ta="right">{l.debit ? formatRupiah(l.debit) : ''}</Table.Td>
          <Table.Td ta="right">{l.credit ? formatRupiah(l.credit) : ''}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** The journal of a range: entries with their lines, the totals and whether they balance, the files. */
export function JournalTab({ clinicId, today }: { clinicId: number; today: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: today, to: today });
  const [source, setSource] = useState<Source | undefined>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const query = { clinicId, ...range, source, page, limit: 50 };
  const parsed = journalQuerySchema.safeParse(query);
  const journal = useJournal(query, parsed.success);
  const serverFields = journal.error instanceof ApiError ? toFieldErrors(journal.error.errors) : {};
  const errors = parsed.success ? serverFields : toFieldErrors(parsed.error.issues);
  const errorOf = (f: 'from' | 'to') => (errors[f] ? translateMessage(errors[f]) : undefined);
  const data = journal.data;

  const exportAs = async (kind: 'xlsx' | 'csv') => {
    setExporting(kind);
    try {
      await downloadJournal({ clinicId, ...range, source }, kind);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: t('accounting.screen.exportFailed'),
        message: e instanceof Error ? translateMessage(e.message) : '',
      });
    } finally {
      setExporting(null);
    }
  };
  const change = (next: Partial<typeof range>) => {
    setRange({ ...range, ...next });
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-start">
          <TextInput
            type="date"
            label={t('accounting.screen.from')}
            value={range.from}
            onChange={(e) => change({ from: e.currentTarget.value })}
            error={errorOf('from')}
          />
          <TextInput
            type="date"
            label={t('accounting.screen.to')}
            value={range.to}
            onChange={(e) => change({ to: e.currentTarget.value })}
            error={errorOf('to')}
          />
          <Select
            label={t('accounting.screen.source')}
            placeholder={t('accounting.screen.allSources')}
            clearable
            data={JOURNAL_SOURCES.map((s) => ({ value: s, label: t(`accounting.sources.${s}`) }))}
            value={source ?? null}
            onChange={(v) => {
              setSource((v as Source | null) ?? undefined);
              setPage(1);
            }}
          />
        </Group>
        <Group>
          {(['xlsx', 'csv'] as const).map((kind) => (
            <Button
              key={kind}
              variant="light"
              loading={exporting === kind}
              disabled={!parsed.success || !data?.totalDocs}
              onClick={() => exportAs(kind)}
            >
              {t(kind === 'xlsx' ? 'accounting.screen.exportXlsx' : 'accounting.screen.exportCsv')}
            </Button>
          ))}
        </Group>
      </Group>
      {journal.isError && !Object.keys(serverFields).length && (
        <Alert color="red" title={t('accounting.screen.failed')}>
          {translateMessage(journal.error.message)}
        </Alert>
      )}
      {journal.isLoading && (
        <Group>
          <Loader size="sm" />
          <Text size="sm">{t('accounting.screen.loading')}</Text>
        </Group>
      )}
      {data && (
        <>
          <Table aria-label={t('accounting.screen.journalTab')} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounting.columns.day')}</Table.Th>
                <Table.Th>{t('accounting.columns.accountCode')}</Table.Th>
                <Table.Th>{t('accounting.columns.accountName')}</Table.Th>
                <Table.Th ta="right">{t('accounting.columns.debit')}</Table.Th>
                <Table.Th ta="right">{t('accounting.columns.credit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" size="sm">
                      {t('accounting.screen.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.docs.map((e) => (
                <Fragment key={e.uid}>
                  <EntryRows entry={e} />
                </Fragment>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>
                  <Group gap="sm">
                    {t('accounting.total')}
                    <BalancedBadge balanced={data.totals.balanced} />
                  </Group>
                </Table.Th>
                <Table.Th ta="right">{formatRupiah(data.totals.debit)}</Table.Th>
                <Table.Th ta="right">{formatRupiah(data.totals.credit)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {data.totalPages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('accounting.screen.pageOf', { page: data.page, pages: data.totalPages })}
              </Text>
              <Pagination total={data.totalPages} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
