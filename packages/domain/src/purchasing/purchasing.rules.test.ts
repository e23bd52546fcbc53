import { describe, expect, it } from 'vitest';
import {
  canDo,
  documentNumber,
  documentTotals,
  isValidNpwp,
  lineAmounts,
  periodOf,
  receiptUnitCost,
  statusAfterReceipt,
} from './purchasing.rules.ts';

describe('purchasing rules', () => {
  it('accepts an NPWP of 15 or 16 digits, dots and dashes aside', () => {
    expect(isValidNpwp('01.234.567.8-901.000')).toBe(true);
    expect(isValidNpwp('3171011203880002')).toBe(true);
    expect(isValidNpwp('1234567890123')).toBe(false);
    expect(isValidNpwp('01.234.567.8-901.00A')).toBe(false);
  });

  it('numbers per clinic and month', () => {
    expect(periodOf('2026-11-26')).toBe('202611');
    expect(documentNumber('order', 10, '202611', 7)).toBe('PO/10/202611/0007');
    expect(documentNumber('return', 11, '202612', 12345)).toBe('RB/11/202612/12345');
  });

  it('takes the discount per line and PPN once on the DPP, half up to whole rupiah', () => {
    const a = lineAmounts(4, 50_000, 10);
    expect(a).toEqual({ gross: 200_000, discount: 20_000, net: 180_000 });
    const b = lineAmounts(5, 12_345, 0);
    expect(documentTotals([a, b], 11)).toEqual({
      subtotal: 261_725,
      discount: 20_000,
      dpp: 241_725,
      ppn: 26_590,
      total: 268_315,
    });
    // 2.5% of 1.001 = 25,025 → 25
    expect(lineAmounts(1, 1001, 2.5)).toEqual({ gross: 1001, discount: 25, net: 976 });
    expect(documentTotals([], 11).total).toBe(0);
  });

  it('brings the net per base unit into stock', () => {
    expect(receiptUnitCost(90_000, 200)).toBe(450);
    expect(receiptUnitCost(10_000, 3)).toBe(3333.3333);
  });

  it('moves the order by its receipts and allows each action from its statuses', () => {
    expect(statusAfterReceipt([{ ordered: 400, received: 200 }])).toBe('partially_received');
    expect(
      statusAfterReceipt([
        { ordered: 400, received: 400 },
        { ordered: 10, received: 10 },
      ]),
    ).toBe('received');
    expect(statusAfterReceipt([{ ordered: 400, received: 0 }])).toBe('ordered');
    expect(canDo('order', 'draft')).toBe(true);
    expect(canDo('cancel', 'partially_received')).toBe(false);
    expect(canDo('close', 'partially_received')).toBe(true);
    expect(canDo('close', 'ordered')).toBe(false);
  });
});
