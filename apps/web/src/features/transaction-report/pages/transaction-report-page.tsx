import { CORPORATE_SCOPE_ROLES } from '@klinikita/domain/access/roles';
import { TRANSACTION_REPORT_PAGE_SIZES } from '@klinikita/domain/billing/transaction-report.rules';
import { transactionQuerySchema } from '@klinikita/domain/billing/transaction-report.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { Alert, Card, Group, Loader, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import {
  type TransactionFilter,
  useTransactionOptions,
  useTransactionReport,
} from '../api/transaction-report-api.ts';
import { ExportButton } from '../components/export-button.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportTable } from '../components/report-table.tsx';

/**
 * `/Registration/laporanTransaksi`: the posted bills of a clinic (or all of a corporate role's
 * clinics) by service or payment day, at most 92 days: a page of rows, the totals of the whole
 * filtered set from the server, and the whole set as xlsx.
 */
export function TransactionReportPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { clinic, clinics } = useWorkingClinic();
  const today = clinicDay(clinic?.timeZone ?? 'Asia/Jakarta');
  const [filter, setFilter] = useState<TransactionFilter>({
    basis: 'service',
    from: today,
    to: today,
    clinicId: clinic?.id,
  });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(TRANSACTION_REPORT_PAGE_SIZES[0]);
  const [q] = useDebouncedValue(filter.q?.trim() || undefined, 300);
  const asked = { ...filter, q };
  const query = { ...asked, page, limit };
  const parsed = transactionQuerySchema.safeParse(query);
  const report = useTransactionReport(query, parsed.success);
  const options = useTransactionOptions({ ...asked, q: undefined }, parsed.success);
  if (!clinic) return null;

  const change = (next: TransactionFilter) => {
    setFilter(next);
    setPage(1);
  };
  const serverFields = report.error instanceof ApiError ? toFieldErrors(report.error.errors) : {};
  const errors = parsed.success ? serverFields : toFieldErrors(parsed.error.issues);
  const errorOf = (field: 'from' | 'to') => (errors[field] ? translateMessage(errors[field]) : undefined);
  const data = report.data;

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>{t('transactionReport.screen.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('transactionReport.screen.subtitle')}
            </Text>
          </div>
          <ExportButton filter={asked} disabled={!parsed.success || !data?.totals.bills} />
        </Group>
        <ReportFilters
          filter={filter}
          onChange={change}
          today={today}
          clinics={clinics}
          allClinics={CORPORATE_SCOPE_ROLES.includes(user.role.role)}
          options={options.data}
          errorOf={errorOf}
        />
        {report.isError && !Object.keys(serverFields).length && (
          <Alert color="red" title={t('transactionReport.screen.failed')}>
            {report.error.message}
          </Alert>
        )}
        {report.isPending && parsed.success && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('transactionReport.screen.loading')}</Text>
          </Group>
        )}
        {data && data.totals.bills === 0 && <Text c="dimmed">{t('transactionReport.screen.empty')}</Text>}
        {data && data.totals.bills > 0 && (
          <>
            <ReportTable rows={data.docs} totals={data.totals} />
            <Group justify="space-between">
              <Text size="sm">
                {t('transactionReport.screen.pageOf', { page: data.page, pages: data.totalPages })}
              </Text>
              <Group gap="sm">
                <Select
                  w={90}
                  aria-label={t('transactionReport.screen.perPage')}
                  value={String(limit)}
                  allowDeselect={false}
                  onChange={(v) => {
                    setLimit(Number(v));
                    setPage(1);
                  }}
                  data={TRANSACTION_REPORT_PAGE_SIZES.map(String)}
                />
                <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} />
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
