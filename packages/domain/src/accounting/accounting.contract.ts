import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  accountingClinicSchema,
  accountMappingSchema,
  accountTotalsSchema,
  journalPageSchema,
  journalQuerySchema,
  journalRangeSchema,
  saveMappingSchema,
} from './accounting.schema.ts';

const tags = ['accounting'] as const;

/** The clinic's chart-of-accounts mapping: every key, its own account or the default. */
export const getAccountMapping = endpoint({
  method: 'GET',
  path: '/accounting/mapping',
  permission: 'accounting.read',
  tags,
  summary:
    'The clinic’s account per key (cash, banks, receivables, revenue per category, PPN out…), defaults marked',
  query: accountingClinicSchema,
  response: accountMappingSchema,
});

export const saveAccountMapping = endpoint({
  method: 'PUT',
  path: '/accounting/mapping',
  permission: 'accounting.manage',
  tags,
  summary: 'Keeps the clinic’s accounts (keys left out use the defaults); later entries use them',
  body: saveMappingSchema,
  response: accountMappingSchema,
});

/**
 * The journal of a clinic over clinic-local days, a page of entries with their lines. Bills,
 * payments and payer payments of those days without an entry yet are journalised first (backfill).
 */
export const getJournal = endpoint({
  method: 'GET',
  path: '/accounting/journal',
  permission: 'accounting.read',
  tags,
  summary: 'Journal entries of a clinic for a day range (paged, by source), with the totals',
  query: journalQuerySchema,
  response: journalPageSchema,
});

export const getAccountTotals = endpoint({
  method: 'GET',
  path: '/accounting/journal/totals',
  permission: 'accounting.read',
  tags,
  summary: 'Debits and credits per day and account over the range (the trial balance)',
  query: journalRangeSchema,
  response: accountTotalsSchema,
});

export const exportJournalXlsx = endpoint({
  method: 'GET',
  path: '/accounting/journal.xlsx',
  permission: 'accounting.read',
  tags,
  summary: 'The journal lines of the range as xlsx (one row per line)',
  query: journalRangeSchema,
  response: z.undefined(),
  raw: true,
});

export const exportJournalCsv = endpoint({
  method: 'GET',
  path: '/accounting/journal.csv',
  permission: 'accounting.read',
  tags,
  summary: 'The journal lines of the range as CSV (comma separated, header row, UTF-8)',
  query: journalRangeSchema,
  response: z.undefined(),
  raw: true,
});
