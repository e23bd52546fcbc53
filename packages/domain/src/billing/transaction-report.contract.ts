import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  transactionFilterSchema,
  transactionOptionsSchema,
  transactionQuerySchema,
  transactionReportSchema,
} from './transaction-report.schema.ts';

const tags = ['transactionReport'] as const;

/** The transaction report (`/Registration/laporanTransaksi`): posted bills of the caller's clinics, a page and the totals of the whole set. */
export const getTransactionReport = endpoint({
  method: 'GET',
  path: '/reports/transactions',
  permission: 'bill.read',
  tags,
  summary:
    'Posted bills by service or payment day: amounts by category, taxes, paid per method, receivables, status; a page and the totals',
  query: transactionQuerySchema,
  response: transactionReportSchema,
});

/** The filter's pick lists: cashiers, doctors and companies of the same clinics and days. */
export const getTransactionOptions = endpoint({
  method: 'GET',
  path: '/reports/transactions/options',
  permission: 'bill.read',
  tags,
  summary: 'Cashiers, doctors and companies found in the report’s clinics and days',
  query: transactionFilterSchema,
  response: transactionOptionsSchema,
});

/**
 * The whole filtered set as xlsx, streamed (a raw answer): `X-Row-Count` says how many rows
 * follow, so the screen can show its progress.
 */
export const exportTransactionReport = endpoint({
  method: 'GET',
  path: '/reports/transactions/xlsx',
  permission: 'bill.read',
  tags,
  summary: 'The transaction report as xlsx (streamed, with a totals row)',
  query: transactionFilterSchema,
  response: z.undefined(),
  raw: true,
});
