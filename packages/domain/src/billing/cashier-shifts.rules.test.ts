import { describe, expect, it } from 'vitest';
import { shiftTotals, statusAfterClose, varianceOf } from './cashier-shifts.rules.ts';

describe('cashier shift money', () => {
  it('expects the float plus cash received minus cash given back, other methods apart', () => {
    const totals = shiftTotals(500_000, [
      { method: 'TUNAI', amount: 150_000 },
      { method: 'QRIS', amount: 80_000 },
      { method: 'TUNAI', amount: 40_000 },
      { method: 'DEBIT', amount: 120_000 },
      { method: 'TUNAI', amount: -40_000 },
      { method: 'QRIS', amount: -30_000 },
    ]);
    expect(totals).toEqual({
      cashIn: 190_000,
      cashRefunds: 40_000,
      expectedCash: 650_000,
      nonCash: [
        { method: 'QRIS', amount: 50_000 },
        { method: 'DEBIT', amount: 120_000 },
      ],
      deposits: { received: 0, refunded: 0 },
    });
  });

  it('counts deposits received and refunded in the drawer and per method, and apart', () => {
    const totals = shiftTotals(
      100_000,
      [{ method: 'TUNAI', amount: 50_000 }],
      [
        { method: 'TUNAI', amount: 200_000 },
        { method: 'QRIS', amount: 75_000 },
        { method: 'TUNAI', amount: -60_000 },
      ],
    );
    expect(totals).toEqual({
      cashIn: 250_000,
      cashRefunds: 60_000,
      expectedCash: 290_000,
      nonCash: [{ method: 'QRIS', amount: 75_000 }],
      deposits: { received: 275_000, refunded: 60_000 },
    });
  });

  it('expects the float alone when nothing was taken', () => {
    expect(shiftTotals(0, []).expectedCash).toBe(0);
    expect(shiftTotals(250_000, []).expectedCash).toBe(250_000);
  });

  it('counts the variance as counted minus expected; only a zero variance closes at once', () => {
    expect(varianceOf(649_000, 650_000)).toBe(-1_000);
    expect(varianceOf(651_500, 650_000)).toBe(1_500);
    expect(statusAfterClose(0)).toBe('closed');
    expect(statusAfterClose(-1_000)).toBe('pending_approval');
    expect(statusAfterClose(1)).toBe('pending_approval');
  });
});
