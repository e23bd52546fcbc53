import { describe, expect, it } from 'vitest';
import { sequencedNumber, sequenceOf } from '../common/document-number.ts';
import {
  apportion,
  balanceProblem,
  billingNumber,
  changeOf,
  type DraftLine,
  discountAmount,
  needsApproval,
  priceBill,
  sequenceGaps,
  statusAfterPayments,
  taxCodeOf,
  taxSplit,
  withKeys,
} from './billing.rules.ts';

const line = (over: Partial<Omit<DraftLine, 'key'>>): Omit<DraftLine, 'key'> => ({
  category: 'consultation',
  sourceType: 'consultation',
  sourceUid: 'v1',
  code: 'KONS-UMUM',
  description: 'Konsultasi',
  quantity: 1,
  unitPrice: 90_000,
  taxCode: 'SERVICE_EXEMPT',
  ...over,
});

describe('tax split (research §3.6, effective 11%)', () => {
  it('leaves services exempt whatever the settings', () => {
    expect(taxSplit(90_000, 'SERVICE_EXEMPT', { pricesIncludePpn: true })).toEqual({
      dpp: 90_000,
      ppn: 0,
      net: 90_000,
    });
    expect(taxSplit(15_000, 'GOODS_NON_PKP', { pricesIncludePpn: false })).toEqual({
      dpp: 15_000,
      ppn: 0,
      net: 15_000,
    });
  });

  it('takes PPN out of a price that includes it: DPP = round(gross × 100/111)', () => {
    // 15.000 × 100 / 111 = 13.513,51 → 13.514; PPN 1.486
    expect(taxSplit(15_000, 'GOODS_PPN', { pricesIncludePpn: true })).toEqual({
      dpp: 13_514,
      ppn: 1_486,
      net: 15_000,
    });
  });

  it('adds PPN on top of a price without it: PPN = round(DPP × 11/100)', () => {
    // 12.345 × 0,11 = 1.357,95 → 1.358
    expect(taxSplit(12_345, 'GOODS_PPN', { pricesIncludePpn: false })).toEqual({
      dpp: 12_345,
      ppn: 1_358,
      net: 13_703,
    });
  });

  it('gives goods PPN only at a PKP clinic; services never', () => {
    expect(taxCodeOf(true, { isPkp: true })).toBe('GOODS_PPN');
    expect(taxCodeOf(true, { isPkp: false })).toBe('GOODS_NON_PKP');
    expect(taxCodeOf(false, { isPkp: true })).toBe('SERVICE_EXEMPT');
  });
});

describe('pricing a bill', () => {
  const lines = withKeys([
    line({}),
    line({
      category: 'drug',
      sourceType: 'prescription',
      sourceUid: 'rx1',
      code: 'drug-a',
      quantity: 10,
      unitPrice: 1_500,
      taxCode: 'GOODS_PPN',
    }),
    line({
      category: 'drug',
      sourceType: 'prescription',
      sourceUid: 'rx1',
      code: 'drug-a',
      quantity: 2.5,
      unitPrice: 333,
      taxCode: 'GOODS_PPN',
    }),
  ]);

  it('keys repeated sources apart', () => {
    expect(lines.map((l) => l.key)).toEqual([
      'consultation:v1:KONS-UMUM',
      'prescription:rx1:drug-a',
      'prescription:rx1:drug-a#2',
    ]);
  });

  it('prices gross, tax and portions per line and sums them', () => {
    const { lines: priced, totals } = priceBill(lines, [], { pricesIncludePpn: true }, 'self');
    expect(priced.map((l) => [l.gross, l.dpp, l.ppn, l.net, l.patientPortion, l.payerPortion])).toEqual([
      [90_000, 90_000, 0, 90_000, 90_000, 0],
      [15_000, 13_514, 1_486, 15_000, 15_000, 0],
      // 2,5 × 333 = 832,5 → 833
      [833, 750, 83, 833, 833, 0],
    ]);
    expect(totals).toEqual({
      gross: 105_833,
      discount: 0,
      dpp: 104_264,
      ppn: 1_569,
      net: 105_833,
      payerPortion: 0,
      patientPortion: 105_833,
    });
  });

  it('puts everything on the payer for company, insurer and BPJS visits', () => {
    for (const payer of ['company', 'insurance', 'bpjs'] as const) {
      const { totals } = priceBill(lines, [], { pricesIncludePpn: true }, payer);
      expect([totals.payerPortion, totals.patientPortion]).toEqual([105_833, 0]);
    }
  });

  it('applies a line discount, then a bill discount spread in proportion, the tax after discount', () => {
    const { lines: priced, totals } = priceBill(
      lines,
      [
        { lineKey: 'consultation:v1:KONS-UMUM', type: 'percent', value: 10 },
        { lineKey: null, type: 'fixed', value: 1_000 },
      ],
      { pricesIncludePpn: true },
      'self',
    );
    // after the line discount: 81.000, 15.000, 833 (96.833); 1.000 spread 836 / 155 / 9
    expect(priced.map((l) => l.discount)).toEqual([9_836, 155, 9]);
    expect(totals.discount).toBe(10_000);
    expect(totals.net).toBe(95_833);
    // the drug's DPP/PPN are on 14.845
    expect([priced[1].dpp, priced[1].ppn]).toEqual([13_374, 1_471]);
  });

  it('never discounts below zero', () => {
    const { totals } = priceBill(
      lines,
      [{ lineKey: null, type: 'fixed', value: 10_000_000 }],
      { pricesIncludePpn: true },
      'self',
    );
    expect(totals.net).toBe(0);
    expect(totals.discount).toBe(105_833);
  });

  it('apportions exactly, remainders to the largest fractions', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
    expect(apportion(10, [0, 0])).toEqual([0, 0]);
  });

  it('measures a discount request on the lines it names, and compares it with the threshold', () => {
    expect(discountAmount({ lineKey: null, type: 'percent', value: 50 }, lines)).toBe(52_917);
    expect(
      discountAmount({ lineKey: 'consultation:v1:KONS-UMUM', type: 'fixed', value: 200_000 }, lines),
    ).toBe(90_000);
    expect(needsApproval(100_000, { discountApprovalThreshold: 100_000 })).toBe(false);
    expect(needsApproval(100_001, { discountApprovalThreshold: 100_000 })).toBe(true);
  });
});

describe('payments and numbers', () => {
  it('gives change on cash only', () => {
    expect(changeOf({ method: 'TUNAI', amount: 85_000, tendered: 100_000 })).toBe(15_000);
    expect(changeOf({ method: 'TUNAI', amount: 85_000 })).toBe(0);
    expect(changeOf({ method: 'QRIS', amount: 85_000, reference: 'RRN1' })).toBe(0);
  });

  it('is paid when payments and receivables reach the total', () => {
    expect(statusAfterPayments(100, 100)).toBe('paid');
    expect(statusAfterPayments(100, 40)).toBe('posted');
    expect(statusAfterPayments(100, 0)).toBe('posted');
  });

  it('numbers invoices and receipts per clinic and month', () => {
    expect(billingNumber('invoice', 10, '202611', 7)).toBe('INV/10/202611/0007');
    expect(billingNumber('receipt', 10, '202611', 12345)).toBe('KW/10/202611/12345');
    expect(sequenceOf(sequencedNumber('PO', 3, '202601', 42))).toBe(42);
  });

  it('finds gaps and repeats in a counter’s numbers', () => {
    expect(sequenceGaps([1, 2, 3], 3)).toEqual({ missing: [], duplicate: [] });
    expect(sequenceGaps([1, 3, 3], 4)).toEqual({ missing: [2, 4], duplicate: [3] });
  });

  it('names what is wrong with a bill’s balance', () => {
    const b = { number: 'INV/1', total: 100, paid: 60, receivable: 40 };
    expect(balanceProblem({ ...b, status: 'paid' })).toBeNull();
    expect(balanceProblem({ ...b, status: 'paid', paid: 50 })).toBe('paidMismatch');
    expect(balanceProblem({ ...b, status: 'posted' })).toBe('paidNotMarked');
    expect(balanceProblem({ ...b, status: 'posted', paid: 70 })).toBe('overpaid');
    expect(balanceProblem({ ...b, status: 'posted', paid: 0, receivable: 0 })).toBeNull();
  });
});
