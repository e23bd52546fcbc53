import { describe, expect, it } from 'vitest';
import { priceAddSchema, serviceSaveSchema } from './service.schema.ts';
import {
  lookupOrder,
  periodHolds,
  periodsOverlap,
  planEndPrice,
  planNewPrice,
  priceTotal,
} from './tariff.rules.ts';

const p = (validFrom: string, validTo: string | null, id = validFrom) => ({ id, validFrom, validTo });

describe('periods', () => {
  it('overlap when they share a day, both ends inclusive, open ends running forever', () => {
    expect(periodsOverlap(p('2025-01-01', '2025-12-31'), p('2026-01-01', null))).toBe(false);
    expect(periodsOverlap(p('2025-01-01', '2025-12-31'), p('2025-12-31', null))).toBe(true);
    expect(periodsOverlap(p('2026-01-01', null), p('2027-06-01', '2027-06-30'))).toBe(true);
    expect(periodsOverlap(p('2026-03-01', '2026-03-31'), p('2026-01-01', '2026-02-28'))).toBe(false);
    expect(periodsOverlap(p('2026-01-01', null), p('2020-01-01', null))).toBe(true);
  });

  it('holds the days from its start to its end', () => {
    const period = p('2025-01-01', '2025-12-31');
    expect(periodHolds(period, '2024-12-31')).toBe(false);
    expect(periodHolds(period, '2025-01-01')).toBe(true);
    expect(periodHolds(period, '2025-12-31')).toBe(true);
    expect(periodHolds(period, '2026-01-01')).toBe(false);
    expect(periodHolds(p('2026-01-01', null), '2099-12-31')).toBe(true);
  });
});

describe('planNewPrice', () => {
  const prices = [p('2025-01-01', '2025-12-31'), p('2026-01-01', null)];

  it('closes the open price the day before a later start', () => {
    const plan = planNewPrice(prices, p('2026-07-01', null));
    expect(plan).toEqual({ ok: true, close: { price: prices[1], validTo: '2026-06-30' } });
    // across a month and a year boundary
    expect(planNewPrice(prices, p('2027-01-01', '2027-12-31'))).toMatchObject({
      ok: true,
      close: { validTo: '2026-12-31' },
    });
    expect(planNewPrice([p('2024-01-01', null)], p('2024-03-01', null))).toMatchObject({
      close: { validTo: '2024-02-29' },
    });
  });

  it('refuses an overlap and names the clashing period', () => {
    expect(planNewPrice(prices, p('2025-06-01', '2025-06-30'))).toEqual({ ok: false, clash: prices[0] });
    // starting on the open price's own start day does not replace it
    expect(planNewPrice(prices, p('2026-01-01', null))).toEqual({ ok: false, clash: prices[1] });
    // an open price starting in the past runs into the later ones
    expect(planNewPrice(prices, p('2024-06-01', null))).toEqual({ ok: false, clash: prices[0] });
  });

  it('adds a period in a gap, or the first price, without closing anything', () => {
    expect(planNewPrice(prices, p('2024-01-01', '2024-12-31'))).toEqual({ ok: true, close: null });
    expect(planNewPrice([], p('2026-01-01', null))).toEqual({ ok: true, close: null });
  });
});

describe('planEndPrice', () => {
  const others = [p('2025-01-01', '2025-12-31')];

  it('ends a price on a day from its start; a longer period may not reach another', () => {
    expect(planEndPrice(others, p('2026-01-01', null), '2026-06-30')).toEqual({ ok: true });
    expect(planEndPrice(others, p('2026-01-01', null), '2026-01-01')).toEqual({ ok: true });
    expect(planEndPrice(others, p('2026-01-01', null), '2025-12-31')).toEqual({
      ok: false,
      reason: 'beforeStart',
    });
    expect(planEndPrice([p('2026-07-01', null)], p('2026-01-01', '2026-03-31'), '2026-08-31')).toEqual({
      ok: false,
      reason: 'clash',
      clash: p('2026-07-01', null),
    });
  });
});

describe('lookupOrder and totals', () => {
  it('asks the class before general, the clinic before corporate-wide', () => {
    expect(lookupOrder('company', 13)).toEqual([
      { payerClass: 'company', clinicId: 13 },
      { payerClass: 'company', clinicId: null },
      { payerClass: 'general', clinicId: 13 },
      { payerClass: 'general', clinicId: null },
    ]);
    expect(lookupOrder('general', null)).toEqual([{ payerClass: 'general', clinicId: null }]);
  });

  it('sums the components', () => {
    expect(priceTotal({ facilityFee: 22_500, professionalFee: 67_500, consumablesFee: 0 })).toBe(90_000);
  });
});

describe('schemas', () => {
  const service = {
    code: 'LAB-X',
    nameId: 'Uji',
    nameEn: 'Test',
    group: 'lab',
    unit: 'pemeriksaan',
    taxCategory: 'exempt',
  };
  const messages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('checks the code, the package items and the ICD-9-CM code', () => {
    expect(serviceSaveSchema.safeParse(service).success).toBe(true);
    expect(messages(serviceSaveSchema.safeParse({ ...service, code: 'LAB X', icd9Code: '8659' }))).toEqual({
      code: 'services.codeFormat',
      icd9Code: 'services.icd9Format',
    });
    expect(messages(serviceSaveSchema.safeParse({ ...service, isPackage: true }))).toEqual({
      items: 'services.itemsRequired',
    });
    expect(
      messages(serviceSaveSchema.safeParse({ ...service, items: [{ serviceUid: 'a', quantity: 1 }] })),
    ).toEqual({ items: 'services.itemsOnlyPackage' });
    const twice = [
      { serviceUid: 'a', quantity: 1 },
      { serviceUid: 'a', quantity: 0 },
    ];
    expect(messages(serviceSaveSchema.safeParse({ ...service, isPackage: true, items: twice }))).toEqual({
      'items.1.quantity': 'services.quantityMin',
      'items.1.serviceUid': 'services.itemDuplicate',
    });
  });

  it('takes whole rupiah from 0 and an end not before the start', () => {
    const price = {
      payerClass: 'general',
      validFrom: '2026-01-01',
      facilityFee: 10_000,
      professionalFee: 0,
      consumablesFee: 0,
    };
    expect(priceAddSchema.parse(price)).toMatchObject({ clinicId: null, validFrom: '2026-01-01' });
    expect(messages(priceAddSchema.safeParse({ ...price, facilityFee: -1, validTo: '2025-12-31' }))).toEqual({
      facilityFee: 'services.feeWhole',
      validTo: 'services.validToBeforeFrom',
    });
    expect(messages(priceAddSchema.safeParse({ ...price, professionalFee: 1.5 }))).toEqual({
      professionalFee: 'services.feeWhole',
    });
    expect(messages(priceAddSchema.safeParse({ ...price, validFrom: '2026-02-30' }))).toEqual({
      validFrom: 'services.dateInvalid',
    });
  });
});
