import { describe, expect, it } from 'vitest';
import { BILL_CATEGORIES } from './billing.rules.ts';
import {
  exportFileName,
  quickRange,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_OF,
  reportRange,
  SHEET_NAME_MAX,
  sheetName,
} from './transaction-report.rules.ts';
import { transactionFilterSchema, transactionQuerySchema } from './transaction-report.schema.ts';

describe('the transaction report’s rules', () => {
  it('puts every bill line category in one report column', () => {
    for (const c of BILL_CATEGORIES) expect(REPORT_CATEGORIES).toContain(REPORT_CATEGORY_OF[c]);
    expect(REPORT_CATEGORY_OF.packaging).toBe('compounding');
    expect(REPORT_CATEGORY_OF.adjustment).toBe('extra');
  });

  it('takes at most 92 days, both ends counted, and defaults to today', () => {
    expect(reportRange('2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(reportRange('2026-11-26', '2026-09-01', '2026-12-01')).toEqual({
      from: '2026-09-01',
      to: '2026-12-01',
    });
    expect(reportRange('2026-11-26', '2026-09-01', '2026-12-02')).toEqual({
      error: 'transactionReport.rangeTooLong',
    });
    expect(reportRange('2026-11-26', '2026-11-02', '2026-11-01')).toEqual({
      error: 'transactionReport.rangeOrder',
    });
    expect(quickRange('2026-11-26', 'week')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(quickRange('2026-11-26', 'month')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('cuts sheet names to 30 characters without the characters Excel refuses', () => {
    const name = sheetName('Laporan Transaksi 2026-09-01 sd 2026-11-30');
    expect(name).toHaveLength(SHEET_NAME_MAX);
    expect(sheetName('a/b:c?')).toBe('a-b-c-');
    expect(exportFileName('2026-11-01', '2026-11-30')).toBe('laporan-transaksi-2026-11-01_2026-11-30.xlsx');
  });
});

describe('the filter schema', () => {
  it('reads the query string: basis by default the service day, numbers coerced', () => {
    const parsed = transactionQuerySchema.parse({
      clinicId: '10',
      cashierId: '7',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parsed).toMatchObject({ basis: 'service', clinicId: 10, cashierId: 7, page: 1, limit: 25 });
  });

  it('answers the range refusal on `to`, and refuses unknown statuses and page sizes', () => {
    const long = transactionFilterSchema.safeParse({ from: '2026-01-01', to: '2026-06-30' });
    expect(long.success).toBe(false);
    expect(long.error?.issues).toEqual([
      expect.objectContaining({ path: ['to'], message: 'transactionReport.rangeTooLong' }),
    ]);
    expect(transactionFilterSchema.safeParse({ from: '2026-02-30' }).error?.issues[0].message).toBe(
      'transactionReport.dateFormat',
    );
    expect(transactionFilterSchema.safeParse({ status: 'VOID' }).success).toBe(false);
    expect(transactionQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(transactionFilterSchema.safeParse({ basis: 'payment', status: 'DIBATALKAN' }).success).toBe(true);
  });
});
