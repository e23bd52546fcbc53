import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  allocateOldestFirst,
  allocationErrors,
  dueDateOf,
  mayDo,
  parsePayerKey,
  payerInvoiceNumber,
  statusAfterMoney,
} from './payer-invoices.rules.ts';

describe('payer invoices', () => {
  it('numbers TG/<clinic>/<yyyymm>/<nnnn> and is due the issue day plus the term', () => {
    expect(payerInvoiceNumber(10, '202611', 7)).toBe('TG/10/202611/0007');
    expect(dueDateOf('2026-11-26', 30)).toBe('2026-12-26');
    expect(dueDateOf('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateOf('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('reads a payer key', () => {
    expect(parsePayerKey('company:abc')).toEqual({ kind: 'company', companyUid: 'abc' });
    expect(parsePayerKey('insurer:Asuransi: Sehat')).toEqual({ kind: 'insurer', name: 'Asuransi: Sehat' });
    expect(parsePayerKey('company:')).toBeNull();
    expect(parsePayerKey('bpjs:x')).toBeNull();
    expect(parsePayerKey('nothing')).toBeNull();
  });

  it('puts days past due into buckets', () => {
    const due = '2026-01-31';
    expect(agingBucket('2026-01-01', due)).toBe('notDue');
    expect(agingBucket(due, due)).toBe('notDue');
    expect(agingBucket('2026-02-01', due)).toBe('d1to30');
    expect(agingBucket('2026-03-02', due)).toBe('d1to30');
    expect(agingBucket('2026-03-03', due)).toBe('d31to60');
    expect(agingBucket('2026-04-01', due)).toBe('d31to60');
    expect(agingBucket('2026-04-02', due)).toBe('d61to90');
    expect(agingBucket('2026-05-01', due)).toBe('d61to90');
    expect(agingBucket('2026-05-02', due)).toBe('over90');
  });

  it('allocates oldest visit first, partly, never beyond what is open', () => {
    const items = [
      { key: 'b', day: '2026-11-03', open: 100 },
      { key: 'a', day: '2026-11-01', open: 50 },
      { key: 'c', day: '2026-11-03', open: 70 },
    ];
    expect(allocateOldestFirst(items, 120)).toEqual([
      { key: 'a', amount: 50 },
      { key: 'b', amount: 70 },
    ]);
    expect(allocateOldestFirst(items, 220)).toHaveLength(3);
    expect(allocateOldestFirst(items, 221)).toBeNull();
  });

  it('finds what is wrong with an allocation given by hand', () => {
    const items = [
      { key: 'a', day: '2026-11-01', open: 50 },
      { key: 'b', day: '2026-11-02', open: 100 },
    ];
    const ok = allocationErrors(items, [{ key: 'a', amount: 50 }], 50);
    expect(ok.rows.size).toBe(0);
    expect(ok.sumMismatch).toBe(false);
    const bad = allocationErrors(
      items,
      [
        { key: 'a', amount: 51 },
        { key: 'x', amount: 1 },
        { key: 'b', amount: 10 },
        { key: 'b', amount: 10 },
      ],
      60,
    );
    expect([...bad.rows]).toEqual([
      [0, 'overAllocated'],
      [1, 'itemNotOnInvoice'],
      [3, 'itemTwice'],
    ]);
    expect(bad.sumMismatch).toBe(true);
  });

  it('moves by the money and allows actions by status', () => {
    expect(statusAfterMoney('SENT', { total: 100, paid: 0, writtenOff: 0 })).toBe('SENT');
    expect(statusAfterMoney('SENT', { total: 100, paid: 40, writtenOff: 0 })).toBe('PARTIALLY_PAID');
    expect(statusAfterMoney('PARTIALLY_PAID', { total: 100, paid: 100, writtenOff: 0 })).toBe('PAID');
    expect(statusAfterMoney('DISPUTED', { total: 100, paid: 40, writtenOff: 0 })).toBe('DISPUTED');
    expect(statusAfterMoney('DISPUTED', { total: 100, paid: 40, writtenOff: 60 })).toBe('WRITTEN_OFF');
    expect(mayDo('DRAFT', 'approve')).toBe(true);
    expect(mayDo('DRAFT', 'send')).toBe(false);
    expect(mayDo('SENT', 'cancel')).toBe(false);
    expect(mayDo('PAID', 'pay')).toBe(false);
    expect(mayDo('DISPUTED', 'pay')).toBe(true);
  });
});
