// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { DRUG_CLASSES, hasAtMostThreeDecimals, ITEM_KINDS, LOCATION_TYPES } from './inventory.rules.ts';

/**
 * What the stock screens send (issue 17 §4): locations, an item's stock settings and packaging
 * units, receipts, issues, transfers and adjustments. Quantities are in the unit named beside them
 * (the server converts to base units); money in whole rupiah. The answers are in stock.schema.ts.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

/** A positive quantity with at most three decimals. */
export const quantitySchema = z
  .number('inventory.quantityRequired')
  .positive('inventory.quantityPositive')
  .max(1_000_000, 'inventory.quantityTooLarge')
  .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals');

const unitName = text(20).min(1, 'inventory.unitRequired');
const reasonText = text(500);
const optionalReason = reasonText
  .nullable()
  .optional()
  .transform((v) => v || null);

/** A batch number as printed on the pack, kept in capitals (B123 and b123 are one batch). */
const batchNumberSchema = text(40)
  .min(1, 'inventory.batchNumberRequired')
  .transform((v) => v.toUpperCase());

export const clinicQuerySchema = z.object({ clinicId: z.coerce.number().int().positive() });

export const locationCreateSchema = z.object({
  clinicId: z.number().int().positive(),
  name: text(80).min(1, 'inventory.locationNameRequired'),
  type: z.enum(LOCATION_TYPES, 'inventory.locationTypeRequired'),
});
export type LocationCreateInput = z.infer<typeof locationCreateSchema>;

export const locationParamsSchema = z.object({ uid: uidSchema });
export const itemParamsSchema = z.object({ itemUid: uidSchema });
export const cardParamsSchema = z.object({ uid: uidSchema, itemUid: uidSchema });

/** An item's stock settings: kind, class, base unit, minimum stock and its packaging units. */
export const itemSettingsSchema = z
  .object({
    kind: z.enum(ITEM_KINDS, 'validation.invalid'),
    drugClass: z.enum(DRUG_CLASSES, 'validation.invalid').nullable(),
    baseUnit: unitName,
    minStock: z
      .number('inventory.minStockRequired')
      .min(0, 'inventory.minStockRange')
      .max(1_000_000, 'inventory.quantityTooLarge')
      .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals'),
    units: z
      .array(z.object({ name: unitName, factor: quantitySchema }))
      .max(10, 'validation.tooLong')
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.units.forEach((u, i) => {
      const name = u.name.toLowerCase();
      if (name === v.baseUnit.toLowerCase())
        ctx.addIssue({ code: 'custom', path: ['units', i, 'name'], message: 'inventory.unitIsBase' });
      else if (seen.has(name))
        ctx.addIssue({ code: 'custom', path: ['units', i, 'name'], message: 'inventory.unitDuplicate' });
      seen.add(name);
    });
  });
export type ItemSettingsInput = z.infer<typeof itemSettingsSchema>;

export const receiveSchema = z.object({
  itemUid: uidSchema,
  batchNumber: batchNumberSchema,
  /** The expiry printed on the pack, yyyy-mm-dd. */
  expiryDate: dateSchema('iso', 'inventory.expiryFormat'),
  quantity: quantitySchema,
  unit: unitName,
  /** Rupiah per `unit` (per BOX when received in boxes), whole. */
  unitCost: z
    .number('inventory.costRequired')
    .int('inventory.costWhole')
    .min(0, 'inventory.costWhole')
    .max(1_000_000_000, 'validation.tooLong'),
});
export type ReceiveInput = z.infer<typeof receiveSchema>;

export const issueSchema = z.object({
  itemUid: uidSchema,
  quantity: quantitySchema,
  unit: unitName,
  /** A batch chosen instead of FEFO's; one that expires later than the first needs a reason. */
  batchNumber: batchNumberSchema.nullable().optional(),
  reason: optionalReason,
});
export type IssueInput = z.infer<typeof issueSchema>;

export const transferSchema = z.object({
  toLocationUid: uidSchema,
  itemUid: uidSchema,
  quantity: quantitySchema,
  unit: unitName,
});
export type TransferInput = z.infer<typeof transferSchema>;

/** A correction of one batch at one location: the counted quantity or a signed difference. */
export const adjustSchema = z
  .object({
    itemUid: uidSchema,
    batchNumber: batchNumberSchema,
    /** The quantity counted, base units. */
    count: z
      .number('inventory.quantityRequired')
      .min(0, 'inventory.countRange')
      .max(1_000_000, 'inventory.quantityTooLarge')
      .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals')
      .optional(),
    /** The difference, base units: + found, − lost. */
    delta: z
      .number('inventory.quantityRequired')
      .min(-1_000_000, 'inventory.quantityTooLarge')
      .max(1_000_000, 'inventory.quantityTooLarge')
      .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals')
      .optional(),
    reason: reasonText.min(3, 'inventory.reasonRequired'),
  })
  .superRefine((v, ctx) => {
    if ((v.count === undefined) === (v.delta === undefined))
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'inventory.countOrDelta' });
  });
export type AdjustInput = z.infer<typeof adjustSchema>;

export const stockQuerySchema = z.object({
  search: text(100).optional(),
  /** Only drugs or only consumables (`/Inventory/consumable`). */
  kind: z.enum(ITEM_KINDS, 'validation.invalid').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type StockQuery = z.infer<typeof stockQuerySchema>;

export const cardQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CardQuery = z.infer<typeof cardQuerySchema>;
