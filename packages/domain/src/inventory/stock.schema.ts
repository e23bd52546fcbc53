import { z } from '../common/zod-config.ts';
import { DRUG_CLASSES, ITEM_KINDS, LOCATION_TYPES, MOVEMENT_KINDS } from './inventory.rules.ts';

/** What the stock calls answer: quantities in base units, money in whole rupiah, days 'YYYY-MM-DD'. */

export const locationSchema = z.object({
  uid: z.string(),
  clinicId: z.number().int(),
  name: z.string(),
  type: z.enum(LOCATION_TYPES),
  active: z.boolean(),
});
export type StockLocation = z.infer<typeof locationSchema>;

export const itemSettingsAnswerSchema = z.object({
  uid: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  form: z.string(),
  kind: z.enum(ITEM_KINDS),
  drugClass: z.enum(DRUG_CLASSES).nullable(),
  baseUnit: z.string(),
  minStock: z.number(),
  units: z.array(z.object({ name: z.string(), factor: z.number() })),
  /** The base unit can no longer change: stock has moved. */
  baseUnitLocked: z.boolean(),
});
export type ItemStockSettings = z.infer<typeof itemSettingsAnswerSchema>;

/** One batch's part of a receipt, an issue, a transfer or an adjustment. */
export const movementLineSchema = z.object({
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Signed, base units. */
  quantity: z.number(),
  /** The batch's on-hand at the location afterwards. */
  balanceAfter: z.number(),
  unitCost: z.number().int(),
});

/** A write's answer: what caused it (its reference), the batches moved, the item's on-hand after. */
export const stockWriteSchema = z.object({
  referenceType: z.string(),
  referenceUid: z.string(),
  baseUnit: z.string(),
  lines: z.array(movementLineSchema),
  /** The item's on-hand at the location afterwards (at the source location for a transfer). */
  onHand: z.number(),
  /** The item's moving-average cost at the clinic afterwards, rupiah per base unit. */
  averageCost: z.number().int(),
});
export type StockWrite = z.infer<typeof stockWriteSchema>;

export const stockBatchSchema = z.object({
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  expired: z.boolean(),
});

/** An item at a location: on-hand by batch (earliest expiry first) and its value. */
export const stockItemSchema = z.object({
  itemUid: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  kind: z.enum(ITEM_KINDS),
  drugClass: z.enum(DRUG_CLASSES).nullable(),
  baseUnit: z.string(),
  minStock: z.number(),
  onHand: z.number(),
  averageCost: z.number().int(),
  value: z.number().int(),
  batches: z.array(stockBatchSchema),
});
export type StockItem = z.infer<typeof stockItemSchema>;

/** A line of the stock card, newest first. */
export const cardEntrySchema = z.object({
  uid: z.string(),
  at: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  /** The batch's on-hand at the location after the movement. */
  batchBalance: z.number(),
  /** The item's on-hand at the location after the movement (the running balance). */
  balance: z.number(),
  unitCost: z.number().int(),
  referenceType: z.string(),
  referenceUid: z.string(),
  /** What the reference is called: the receipt's, opname's or request's number, the prescription's queue number. */
  referenceNumber: z.string().nullable(),
  /** The other location of a transfer or a request (where it went to or came from). */
  counterpart: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type CardEntry = z.infer<typeof cardEntrySchema>;

export const consistencySchema = z.object({
  /** Location × item where the movements do not sum to the on-hand; empty when all is well. */
  mismatches: z.array(
    z.object({
      locationUid: z.string(),
      locationName: z.string(),
      itemUid: z.string(),
      itemName: z.string(),
      ledger: z.number(),
      onHand: z.number(),
    }),
  ),
  checked: z.number().int(),
});
export type Consistency = z.infer<typeof consistencySchema>;

export const alertsSchema = z.object({
  belowMinimum: z.array(
    z.object({
      itemUid: z.string(),
      name: z.string(),
      baseUnit: z.string(),
      onHand: z.number(),
      minStock: z.number(),
    }),
  ),
  /** Batches with stock expiring by `until` (three months from today), expired ones first. */
  nearExpiry: z.array(
    z.object({
      itemUid: z.string(),
      name: z.string(),
      baseUnit: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      expired: z.boolean(),
      locationUid: z.string(),
      locationName: z.string(),
      quantity: z.number(),
    }),
  ),
  deadStock: z.array(
    z.object({
      itemUid: z.string(),
      name: z.string(),
      baseUnit: z.string(),
      onHand: z.number(),
      lastOutAt: z.string().nullable(),
    }),
  ),
  until: z.string(),
});
export type StockAlerts = z.infer<typeof alertsSchema>;
