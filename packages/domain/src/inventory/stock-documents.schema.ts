import { z } from '../common/zod-config.ts';
import { hasAtMostThreeDecimals, ITEM_KINDS } from './inventory.rules.ts';
import { OPNAME_STATUSES, REQUEST_STATUSES } from './stock-documents.rules.ts';

/**
 * What the stock documents send and answer (issue 17 §4–6): the stock opname, unit requests
 * (amprahan) and the narcotics and psychotropics report. Quantities in base units unless a unit
 * is named beside them; money in whole rupiah.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const reasonSchema = text(500).min(3, 'inventory.reasonRequired');
const countSchema = z
  .number('inventory.quantityRequired')
  .min(0, 'inventory.countRange')
  .max(1_000_000, 'inventory.quantityTooLarge')
  .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals');
const positiveQuantity = z
  .number('inventory.quantityRequired')
  .positive('inventory.quantityPositive')
  .max(1_000_000, 'inventory.quantityTooLarge')
  .refine(hasAtMostThreeDecimals, 'inventory.quantityDecimals');

export const docParamsSchema = z.object({ uid: uidSchema });
export const locationDocsParamsSchema = z.object({ uid: uidSchema });
export const reasonBodySchema = z.object({ reason: reasonSchema });

// ---------------------------------------------------------------- stock opname

export const opnameStartSchema = z.object({ note: text(500).nullable().optional() });

/** Counted quantities of some lines (null clears a count); the rest keep theirs. */
export const opnameCountSchema = z.object({
  lines: z
    .array(z.object({ lineId: z.number().int().positive(), counted: countSchema.nullable() }))
    .min(1, 'validation.required')
    .max(500, 'validation.tooLong'),
});
export type OpnameCountInput = z.infer<typeof opnameCountSchema>;

export const opnameLineSchema = z.object({
  id: z.number().int(),
  itemUid: z.string(),
  itemName: z.string(),
  kind: z.enum(ITEM_KINDS),
  baseUnit: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** On hand at the start of the count. */
  systemQuantity: z.number(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
  /** Rupiah per base unit: the moving average (booked at approval). */
  unitCost: z.number().int(),
  value: z.number().int().nullable(),
});
export type OpnameLine = z.infer<typeof opnameLineSchema>;

const who = z.object({ name: z.string().nullable(), at: z.string() }).nullable();

export const opnameSummarySchema = z.object({
  uid: z.string(),
  number: z.string(),
  locationUid: z.string(),
  locationName: z.string(),
  status: z.enum(OPNAME_STATUSES),
  note: z.string().nullable(),
  started: who,
  submitted: who,
  approved: who,
  cancelled: who,
  cancelReason: z.string().nullable(),
  lines: z.number().int(),
  counted: z.number().int(),
  /** Lines whose count differs from the system. */
  differing: z.number().int(),
  /** Σ difference × cost, rupiah (shortage negative). */
  value: z.number().int(),
});
export type OpnameSummary = z.infer<typeof opnameSummarySchema>;

export const opnameSchema = opnameSummarySchema.extend({
  /** Only the submitter's colleagues may approve. */
  submittedByMe: z.boolean(),
  shortageValue: z.number().int(),
  surplusValue: z.number().int(),
  items: z.array(opnameLineSchema),
});
export type Opname = z.infer<typeof opnameSchema>;

// ---------------------------------------------------------------- unit requests (amprahan)

export const requestCreateSchema = z.object({
  /** The requesting unit. */
  locationUid: uidSchema,
  /** The supplying location (the warehouse). */
  fromLocationUid: uidSchema,
  note: text(500).nullable().optional(),
  lines: z
    .array(
      z.object({
        itemUid: uidSchema,
        quantity: positiveQuantity,
        unit: text(20).min(1, 'inventory.unitRequired'),
      }),
    )
    .min(1, 'inventory.requestLinesRequired')
    .max(100, 'validation.tooLong'),
});
export type RequestCreateInput = z.infer<typeof requestCreateSchema>;

/** The warehouse's approval: every line's approved quantity (base units; less needs a reason). */
export const requestApproveSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive(),
        approved: countSchema,
        reason: text(500).nullable().optional(),
      }),
    )
    .min(1, 'validation.required')
    .max(100, 'validation.tooLong'),
});
export type RequestApproveInput = z.infer<typeof requestApproveSchema>;

/** What leaves now, per line (base units); the rest stays owed. */
export const requestFulfilSchema = z.object({
  lines: z
    .array(z.object({ lineId: z.number().int().positive(), quantity: countSchema }))
    .min(1, 'validation.required')
    .max(100, 'validation.tooLong'),
});
export type RequestFulfilInput = z.infer<typeof requestFulfilSchema>;

export const requestListQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  /** Requests made by this location, or sent to it. */
  locationUid: uidSchema.optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

export const stockRequestSchema = z.object({
  uid: z.string(),
  number: z.string(),
  status: z.enum(REQUEST_STATUSES),
  locationUid: z.string(),
  locationName: z.string(),
  fromLocationUid: z.string(),
  fromLocationName: z.string(),
  note: z.string().nullable(),
  requested: who,
  decided: who,
  decisionReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      itemUid: z.string(),
      itemName: z.string(),
      baseUnit: z.string(),
      requested: z.number(),
      approved: z.number().nullable(),
      fulfilled: z.number(),
      reason: z.string().nullable(),
    }),
  ),
});
export type StockRequest = z.infer<typeof stockRequestSchema>;

// ---------------------------------------------------------------- narcotics and psychotropics report

export const narcoticsQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  /** 'YYYY-MM' */
  month: z
    .string('inventory.monthFormat')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'inventory.monthFormat')
    .refine((m) => m >= '2000-01' && m <= '2100-12', 'inventory.monthFormat'),
});
export type NarcoticsQuery = z.infer<typeof narcoticsQuerySchema>;

export const narcoticsReportSchema = z.object({
  clinicName: z.string(),
  month: z.string(),
  rows: z.array(
    z.object({
      itemUid: z.string(),
      name: z.string(),
      strength: z.string().nullable(),
      drugClass: z.enum(['narcotic', 'psychotropic']),
      kfaCode: z.string().nullable(),
      baseUnit: z.string(),
      opening: z.number(),
      in: z.number(),
      out: z.number(),
      adjust: z.number(),
      closing: z.number(),
    }),
  ),
});
export type NarcoticsReport = z.infer<typeof narcoticsReportSchema>;
