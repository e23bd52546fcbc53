import { describe, expect, it } from 'vitest';
import { type DraftLine, priceBill } from './billing.rules.ts';
import {
  applyCoverage,
  type CoverageTerms,
  calendarYearOf,
  contractPriceOn,
  FULL_COVERAGE,
  isExcluded,
  spread,
  withCoveredAmount,
} from './coverage.rules.ts';

const terms = (t: Partial<CoverageTerms>): CoverageTerms => ({ ...FULL_COVERAGE, ...t });
const lines = (...nets: number[]) => nets.map((net) => ({ net, excluded: false }));
const sumOf = (xs: readonly { payerPortion: number; patientPortion: number }[]) => ({
  payer: xs.reduce((n, x) => n + x.payerPortion, 0),
  patient: xs.reduce((n, x) => n + x.patientPortion, 0),
});

describe('contract prices', () => {
  const prices = [
    { serviceId: 1, price: 90_000, validFrom: '2026-01-01', validTo: '2026-06-30' },
    { serviceId: 1, price: 95_000, validFrom: '2026-07-01', validTo: null },
    { serviceId: 2, price: 40_000, validFrom: '2026-12-01', validTo: null },
  ];
  it('takes the period valid on the visit day, its first and last day included', () => {
    expect(contractPriceOn(prices, 1, '2026-01-01')).toBe(90_000);
    expect(contractPriceOn(prices, 1, '2026-06-30')).toBe(90_000);
    expect(contractPriceOn(prices, 1, '2026-07-01')).toBe(95_000);
    expect(contractPriceOn(prices, 1, '2030-01-01')).toBe(95_000);
  });
  it('has none before a price starts or for another service', () => {
    expect(contractPriceOn(prices, 2, '2026-11-30')).toBeNull();
    expect(contractPriceOn(prices, 3, '2026-11-30')).toBeNull();
    expect(contractPriceOn(prices, 1, '2025-12-31')).toBeNull();
  });
});

describe('applyCoverage', () => {
  it('without terms the payer pays everything', () => {
    const { portions } = applyCoverage(lines(100_000, 50_000), FULL_COVERAGE);
    expect(portions).toEqual([
      { payerPortion: 100_000, patientPortion: 0 },
      { payerPortion: 50_000, patientPortion: 0 },
    ]);
  });

  it('puts an excluded line wholly on the patient', () => {
    const { portions, summary } = applyCoverage(
      [
        { net: 100_000, excluded: false },
        { net: 300_000, excluded: true },
      ],
      FULL_COVERAGE,
    );
    expect(portions).toEqual([
      { payerPortion: 100_000, patientPortion: 0 },
      { payerPortion: 0, patientPortion: 300_000 },
    ]);
    expect(summary.coveredNet).toBe(100_000);
  });

  it('a percentage co-pay of the covered net goes to the patient, spread over the covered lines', () => {
    const { portions, summary } = applyCoverage(
      [{ net: 100_000, excluded: false }, { net: 50_000, excluded: true }, ...lines(200_000)],
      terms({ copayType: 'percent', copayValue: 10 }),
    );
    expect(summary).toMatchObject({ coveredNet: 300_000, copay: 30_000, payerShare: 270_000 });
    expect(portions).toEqual([
      { payerPortion: 90_000, patientPortion: 10_000 },
      { payerPortion: 0, patientPortion: 50_000 },
      { payerPortion: 180_000, patientPortion: 20_000 },
    ]);
  });

  it('a fixed co-pay is per visit and never more than the covered net', () => {
    const { summary } = applyCoverage(
      lines(100_000, 50_000),
      terms({ copayType: 'fixed', copayValue: 25_000 }),
    );
    expect(summary).toMatchObject({ copay: 25_000, payerShare: 125_000 });
    const small = applyCoverage(lines(10_000), terms({ copayType: 'fixed', copayValue: 25_000 }));
    expect(small.portions).toEqual([{ payerPortion: 0, patientPortion: 10_000 }]);
  });

  it('the per-visit ceiling caps the payer; the excess goes to the patient', () => {
    const { portions, summary } = applyCoverage(
      lines(600_000, 400_000),
      terms({ ceilingPerVisit: 750_000, copayType: 'fixed', copayValue: 25_000 }),
    );
    expect(summary).toMatchObject({
      coveredNet: 1_000_000,
      copay: 25_000,
      excess: 225_000,
      payerShare: 750_000,
    });
    expect(portions).toEqual([
      { payerPortion: 450_000, patientPortion: 150_000 },
      { payerPortion: 300_000, patientPortion: 100_000 },
    ]);
  });

  it('the per-year ceiling caps by what was already covered this year', () => {
    const t = terms({ ceilingPerYear: 1_000_000 });
    expect(applyCoverage(lines(300_000), t, 800_000).summary.payerShare).toBe(200_000);
    expect(applyCoverage(lines(300_000), t, 1_000_000).summary.payerShare).toBe(0);
    expect(applyCoverage(lines(300_000), t, 1_200_000).portions).toEqual([
      { payerPortion: 0, patientPortion: 300_000 },
    ]);
    expect(applyCoverage(lines(300_000), t, 0).summary.payerShare).toBe(300_000);
  });

  it('the covered amount of the visit’s eligibility is a per-visit ceiling, the lower one wins', () => {
    const copay = terms({ copayType: 'fixed', copayValue: 20_000 });
    expect(withCoveredAmount(copay, null)).toEqual(copay);
    expect(withCoveredAmount(copay, 150_000)).toEqual({ ...copay, ceilingPerVisit: 150_000 });
    expect(withCoveredAmount(terms({ ceilingPerVisit: 100_000 }), 150_000).ceilingPerVisit).toBe(100_000);
    expect(withCoveredAmount(terms({ ceilingPerVisit: 200_000 }), 150_000).ceilingPerVisit).toBe(150_000);
    expect(withCoveredAmount(terms({ ceilingPerVisit: 200_000 }), 0).ceilingPerVisit).toBe(0);
    // 300 000 less the 20 000 co-pay is 280 000; the plafon of 150 000 takes 130 000 more to the patient
    const { portions, summary } = applyCoverage(lines(300_000), withCoveredAmount(copay, 150_000));
    expect(summary).toEqual({ coveredNet: 300_000, copay: 20_000, excess: 130_000, payerShare: 150_000 });
    expect(portions).toEqual([{ payerPortion: 150_000, patientPortion: 150_000 }]);
  });

  it('rounds each line down to whole rupiah, the remainder on the last covered line', () => {
    const { portions } = applyCoverage(
      [...lines(10_001, 10_001), { net: 5_000, excluded: true }, ...lines(10_001)],
      terms({ ceilingPerVisit: 20_000 }),
    );
    // 20 000 × 10 001 / 30 003 = 6 666.67 each: 6 666, 6 666 and the remainder 6 668 on the last covered line
    expect(portions.map((p) => p.payerPortion)).toEqual([6_666, 6_666, 0, 6_668]);
    for (const [i, p] of portions.entries())
      expect(p.payerPortion + p.patientPortion).toBe([10_001, 10_001, 5_000, 10_001][i]);
    expect(sumOf(portions)).toEqual({ payer: 20_000, patient: 15_003 });
  });

  it('spread never gives a line more than its weight', () => {
    expect(spread(10, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(spread(7, [3, 3, 1])).toEqual([3, 3, 1]);
    const shares = spread(999, [1, 1, 1, 1_000]);
    expect(shares.reduce((n, s) => n + s, 0)).toBe(999);
    expect(shares.every((s, i) => s <= [1, 1, 1, 1_000][i])).toBe(true);
  });

  it('a line of zero net (no price that day) stays zero on both sides', () => {
    const { portions } = applyCoverage(lines(0, 100_000), terms({ copayType: 'percent', copayValue: 20 }));
    expect(portions).toEqual([
      { payerPortion: 0, patientPortion: 0 },
      { payerPortion: 80_000, patientPortion: 20_000 },
    ]);
  });
});

describe('exclusions and the calendar year', () => {
  it('excludes by group or by service', () => {
    expect(isExcluded({ id: 5, group: 'mcu' }, ['mcu'], [])).toBe(true);
    expect(isExcluded({ id: 5, group: 'lab' }, ['mcu'], [5])).toBe(true);
    expect(isExcluded({ id: 6, group: 'lab' }, ['mcu'], [5])).toBe(false);
  });
  it('gives the visit day’s calendar year', () => {
    expect(calendarYearOf('2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('priceBill with coverage', () => {
  const draft = (key: string, unitPrice: number): DraftLine => ({
    key,
    category: 'procedure',
    sourceType: 'procedure',
    sourceUid: key,
    code: key,
    description: key,
    quantity: 1,
    unitPrice,
    taxCode: 'SERVICE_EXEMPT',
  });
  const coverage = {
    terms: terms({ copayType: 'percent' as const, copayValue: 10, ceilingPerVisit: 100_000 }),
    usedThisYear: 0,
    excludedKeys: ['b'],
  };

  it('splits the lines after discounts by the payer’s terms', () => {
    const { lines: priced, totals } = priceBill(
      [draft('a', 150_000), draft('b', 50_000)],
      [{ lineKey: 'a', type: 'fixed', value: 10_000 }],
      { pricesIncludePpn: true },
      'company',
      coverage,
    );
    expect(priced.map((l) => [l.net, l.payerPortion, l.patientPortion])).toEqual([
      [140_000, 100_000, 40_000],
      [50_000, 0, 50_000],
    ]);
    expect(totals).toMatchObject({ net: 190_000, payerPortion: 100_000, patientPortion: 90_000 });
  });

  it('a patient paying themselves pays everything whatever the terms', () => {
    const { totals } = priceBill([draft('a', 150_000)], [], { pricesIncludePpn: true }, 'self', coverage);
    expect(totals).toMatchObject({ payerPortion: 0, patientPortion: 150_000 });
  });
});
