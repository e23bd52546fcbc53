import { describe, expect, it } from 'vitest';
import { denialErrors, denialState, isResolved, openOf, pendingDenied } from './payer-claims.rules.ts';
import { statusAfterMoney } from './payer-invoices.rules.ts';

const money = { amount: 100_000, paid: 0, writtenOff: 0, denied: 0, reclaimed: 0, deniedWrittenOff: 0 };

describe('an item’s money with denials', () => {
  it('billed = paid + written off + re-claimed + denied + open', () => {
    const m = { ...money, paid: 50_000, denied: 30_000 };
    expect(openOf(m)).toBe(20_000);
    expect(pendingDenied(m)).toBe(30_000);
    const reclaimed = { ...m, reclaimed: 10_000 };
    expect([openOf(reclaimed), pendingDenied(reclaimed)]).toEqual([20_000, 20_000]);
    // a denial written off counts once, as written off
    const writtenOff = { ...reclaimed, writtenOff: 20_000, deniedWrittenOff: 20_000 };
    expect([openOf(writtenOff), pendingDenied(writtenOff)]).toEqual([20_000, 0]);
  });

  it('a batch closes when the rest is paid and every denial is resolved', () => {
    const total = 100_000;
    expect(statusAfterMoney('PARTIALLY_PAID', { total, paid: 70_000, writtenOff: 0 })).toBe('PARTIALLY_PAID');
    expect(
      statusAfterMoney('PARTIALLY_PAID', { total, paid: 70_000, writtenOff: 0, reclaimed: 30_000 }),
    ).toBe('PAID');
    expect(statusAfterMoney('PARTIALLY_PAID', { total, paid: 70_000, writtenOff: 30_000 })).toBe(
      'WRITTEN_OFF',
    );
    expect(statusAfterMoney('SENT', { total, paid: 0, writtenOff: 0 })).toBe('SENT');
  });
});

describe('denialErrors', () => {
  const items = [
    { key: 'a', open: 50_000 },
    { key: 'b', open: 10_000 },
  ];
  it('takes denials up to what is open, all rows of a visit together', () => {
    expect(denialErrors(items, [{ key: 'a', amount: 50_000 }]).size).toBe(0);
    expect([
      ...denialErrors(items, [
        { key: 'a', amount: 30_000 },
        { key: 'a', amount: 30_000 },
        { key: 'b', amount: 10_000 },
      ]),
    ]).toEqual([[1, 'claims.overDenied']]);
  });
  it('names a visit not on the batch', () => {
    expect([...denialErrors(items, [{ key: 'z', amount: 1 }])]).toEqual([[0, 'itemNotOnInvoice']]);
  });
});

describe('denialState', () => {
  it('is DENIED until re-claimed or written off', () => {
    const none = { reclaimed: false, writtenOff: false, writeOffRequested: false };
    expect(denialState(none)).toBe('DENIED');
    expect(denialState({ ...none, writeOffRequested: true })).toBe('WRITE_OFF_REQUESTED');
    expect(denialState({ ...none, reclaimed: true })).toBe('RECLAIMED');
    expect(denialState({ ...none, writtenOff: true })).toBe('WRITTEN_OFF');
    expect(isResolved('WRITE_OFF_REQUESTED')).toBe(false);
    expect(isResolved('RECLAIMED')).toBe(true);
  });
});
