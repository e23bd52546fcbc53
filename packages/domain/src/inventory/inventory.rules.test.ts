import { describe, expect, it } from 'vitest';
import {
  addMonths,
  adjustmentDelta,
  type BatchStock,
  costPerBaseUnit,
  movingAverage,
  nearExpiryUntil,
  planFefo,
  toBaseQuantity,
  unitFactor,
} from './inventory.rules.ts';
import { adjustSchema, itemSettingsSchema, receiveSchema } from './inventory.schema.ts';

const batch = (batchId: number, batchNumber: string, expiryDate: string, quantity: number): BatchStock => ({
  batchId,
  batchNumber,
  expiryDate,
  quantity,
});
const TODAY = '2026-11-26';
const taken = (plan: ReturnType<typeof planFefo>) =>
  plan.ok ? plan.takes.map((t) => [t.batch.batchNumber, t.quantity]) : plan;

describe('units', () => {
  const units = [
    { name: 'STRIP', factor: 10 },
    { name: 'BOX', factor: 100 },
  ];

  it('converts a packaging unit to base units, the unit named in any case', () => {
    expect(unitFactor('TAB', units, 'box')).toBe(100);
    expect(unitFactor('TAB', units, 'Tab')).toBe(1);
    expect(unitFactor('TAB', units, 'BOTOL')).toBeNull();
    expect(toBaseQuantity(2, 100)).toBe(200);
    expect(toBaseQuantity(0.5, 10)).toBe(5);
    expect(toBaseQuantity(0.1 + 0.2, 1)).toBe(0.3);
    expect(costPerBaseUnit(50_000, 100)).toBe(500);
  });
});

describe('moving average', () => {
  it('weights the old average by the on-hand and the receipt by its quantity', () => {
    expect(movingAverage(0, 0, 200, 500)).toBe(500);
    expect(movingAverage(200, 500, 100, 800)).toBe(600);
    // nothing on hand: the receipt's cost is the average, whatever the old one was
    expect(movingAverage(0, 900, 10, 700)).toBe(700);
    expect(movingAverage(3, 1000, 1, 1001)).toBe(1000.25);
  });
});

describe('FEFO', () => {
  const stock = [
    batch(3, 'LATE', '2027-06-30', 10),
    batch(1, 'SOON', '2027-01-31', 4),
    batch(2, 'GONE', '2026-11-25', 50),
    batch(4, 'EMPTY', '2026-12-01', 0),
    batch(5, 'SOON2', '2027-01-31', 2),
  ];

  it('takes the earliest expiry first, the lower batch id on a tie, and skips expired and empty batches', () => {
    expect(taken(planFefo(stock, 3, TODAY))).toEqual([['SOON', 3]]);
    expect(taken(planFefo(stock, 7, TODAY))).toEqual([
      ['SOON', 4],
      ['SOON2', 2],
      ['LATE', 1],
    ]);
  });

  it('uses a batch on its expiry day, not the day after', () => {
    expect(taken(planFefo([batch(1, 'A', TODAY, 1)], 1, TODAY))).toEqual([['A', 1]]);
    expect(planFefo([batch(1, 'A', '2026-11-25', 1)], 1, TODAY)).toEqual({
      ok: false,
      problem: 'short',
      available: 0,
    });
  });

  it('answers what is available when asked for more, and takes nothing', () => {
    expect(planFefo(stock, 16.5, TODAY)).toEqual({ ok: false, problem: 'short', available: 16 });
  });

  it('takes a chosen batch first; a later-expiring one is an override, one of the same expiry is not', () => {
    const late = planFefo(stock, 12, TODAY, 'LATE');
    expect(taken(late)).toEqual([
      ['LATE', 10],
      ['SOON', 2],
    ]);
    expect(late.ok && late.override).toBe(true);
    expect(late.ok && late.firstBatch).toBe('SOON');
    const tie = planFefo(stock, 1, TODAY, 'SOON2');
    expect(tie.ok && tie.override).toBe(false);
    expect(planFefo(stock, 1, TODAY, 'GONE')).toEqual({ ok: false, problem: 'batchUnavailable' });
    expect(planFefo(stock, 1, TODAY, 'NOPE')).toEqual({ ok: false, problem: 'batchUnavailable' });
  });

  it('keeps thousandths exact across batches', () => {
    const plan = planFefo([batch(1, 'A', '2027-01-01', 0.1), batch(2, 'B', '2027-02-01', 0.2)], 0.3, TODAY);
    expect(taken(plan)).toEqual([
      ['A', 0.1],
      ['B', 0.2],
    ]);
  });
});

describe('dates and adjustments', () => {
  it('adds months, clamping to the month’s last day', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(nearExpiryUntil(TODAY)).toBe('2027-02-26');
  });

  it('turns a count or a difference into the movement’s quantity', () => {
    expect(adjustmentDelta(10, { count: 7 })).toBe(-3);
    expect(adjustmentDelta(0.3, { count: 0.1 })).toBe(-0.2);
    expect(adjustmentDelta(10, { delta: 2 })).toBe(2);
  });
});

describe('schemas', () => {
  const receipt = {
    itemUid: 'x',
    batchNumber: ' b-12 ',
    expiryDate: '2027-01-31',
    quantity: 2,
    unit: 'BOX',
    unitCost: 50_000,
  };

  it('keeps batch numbers in capitals and refuses quantities with more than three decimals', () => {
    expect(receiveSchema.parse(receipt).batchNumber).toBe('B-12');
    const bad = receiveSchema.safeParse({
      ...receipt,
      quantity: 1.0001,
      unitCost: 1.5,
      expiryDate: '2027-02-30',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      quantity: 'inventory.quantityDecimals',
      unitCost: 'inventory.costWhole',
      expiryDate: 'inventory.expiryFormat',
    });
  });

  it('wants a count or a difference, not both, and a reason', () => {
    const both = adjustSchema.safeParse({
      itemUid: 'x',
      batchNumber: 'A',
      count: 1,
      delta: 1,
      reason: 'Hitung',
    });
    expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['count', 'inventory.countOrDelta'],
    ]);
    const noReason = adjustSchema.safeParse({ itemUid: 'x', batchNumber: 'A', delta: -1, reason: '' });
    expect(noReason.error?.issues.map((i) => i.message)).toEqual(['inventory.reasonRequired']);
  });

  it('refuses a packaging unit named like the base unit or listed twice', () => {
    const res = itemSettingsSchema.safeParse({
      kind: 'drug',
      drugClass: null,
      baseUnit: 'TAB',
      minStock: 0,
      units: [
        { name: 'tab', factor: 1 },
        { name: 'BOX', factor: 100 },
        { name: 'box', factor: 10 },
      ],
    });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['units.0.name', 'inventory.unitIsBase'],
      ['units.2.name', 'inventory.unitDuplicate'],
    ]);
  });
});
