// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import {
  ADJUSTMENT_STATUSES,
  BILL_CATEGORIES,
  BILL_STATUSES,
  DISCOUNT_TYPES,
  PAYER_TYPES,
  PAYMENT_METHODS,
  REFERENCE_METHODS,
  TAX_CODES,
} from './billing.rules.ts';

/**
 * What the cashier and the billing settings send, and what billing answers (issue 18). Money in
 * whole rupiah. The sum of a payment's parts against what is outstanding is checked by the server
 * (it knows the bill) and answered on the field `parts`.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const MAX_AMOUNT = 1_000_000_000;
const money = (key: string) =>
  z
    .number(key)
    .int('billing.amountWhole')
    .min(1, 'billing.amountPositive')
    .max(MAX_AMOUNT, 'validation.tooLong');
const reasonSchema = text(500).min(3, 'billing.reasonRequired');

export const visitParamsSchema = z.object({ visitUid: uidSchema });
export const billParamsSchema = z.object({ billUid: uidSchema });
export const uidParamsSchema = z.object({ uid: uidSchema });
export const clinicQuerySchema = z.object({ clinicId: z.coerce.number().int().positive() });

export const billingSettingsSchema = z.object({
  clinicId: z.number().int().positive(),
  isPkp: z.boolean(),
  pricesIncludePpn: z.boolean(),
  discountApprovalThreshold: z
    .number('billing.thresholdRequired')
    .int('billing.amountWhole')
    .min(0, 'billing.amountWhole')
    .max(MAX_AMOUNT, 'validation.tooLong'),
});
export type BillingSettingsInput = z.infer<typeof billingSettingsSchema>;
export const billingSettingsAnswerSchema = billingSettingsSchema.extend({ updatedAt: z.string().nullable() });
export type BillingSettingsAnswer = z.infer<typeof billingSettingsAnswerSchema>;

/** An extra charge on a draft bill (or, posted, an adjustment line: negative for a credit). */
export const chargeSchema = z.object({
  description: text(200).min(1, 'billing.descriptionRequired'),
  amount: money('billing.amountRequired'),
  reason: reasonSchema,
});
export type ChargeInput = z.infer<typeof chargeSchema>;

export const adjustmentSchema = z.object({
  description: text(200).min(1, 'billing.descriptionRequired'),
  amount: z
    .number('billing.amountRequired')
    .int('billing.amountWhole')
    .min(-MAX_AMOUNT, 'validation.tooLong')
    .max(MAX_AMOUNT, 'validation.tooLong')
    .refine((v) => v !== 0, 'billing.amountNonZero'),
  reason: reasonSchema,
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export const discountSchema = z
  .object({
    /** A line's `key` as the bill answers it; null or absent: the whole bill. */
    lineKey: text(120)
      .nullable()
      .optional()
      .transform((v) => v || null),
    type: z.enum(DISCOUNT_TYPES, 'billing.discountTypeRequired'),
    value: z.number('billing.amountRequired').int('billing.amountWhole').min(1, 'billing.amountPositive'),
    reason: reasonSchema,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percent' && v.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'billing.percentRange' });
    if (v.type === 'fixed' && v.value > MAX_AMOUNT)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.tooLong' });
  });
export type DiscountInput = z.infer<typeof discountSchema>;

export const decisionSchema = z.object({ approve: z.boolean('validation.required') });

export const paymentPartSchema = z.object({
  method: z.enum(PAYMENT_METHODS, 'billing.methodRequired'),
  amount: money('billing.amountRequired'),
  tendered: z.number().int('billing.amountWhole').min(0).max(MAX_AMOUNT).nullable().optional(),
  reference: text(100)
    .nullable()
    .optional()
    .transform((v) => v || null),
});

export const paymentSchema = z.object({
  idempotencyKey: z.uuid('billing.idempotencyKeyInvalid'),
  parts: z
    .array(paymentPartSchema)
    .min(1, 'billing.partsRequired')
    .max(8, 'validation.tooLong')
    .superRefine((parts, ctx) => {
      parts.forEach((p, i) => {
        if (REFERENCE_METHODS.includes(p.method) && !p.reference)
          ctx.addIssue({ code: 'custom', path: [i, 'reference'], message: 'billing.referenceRequired' });
        if (p.method === 'TUNAI' && p.tendered != null && p.tendered < p.amount)
          ctx.addIssue({ code: 'custom', path: [i, 'tendered'], message: 'billing.tenderedTooLow' });
        if (p.method !== 'TUNAI' && p.tendered != null)
          ctx.addIssue({ code: 'custom', path: [i, 'tendered'], message: 'billing.tenderedCashOnly' });
      });
    }),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

export const reverseSchema = z.object({ reason: reasonSchema });
export type ReverseInput = z.infer<typeof reverseSchema>;

// answers

export const billLineSchema = z.object({
  /** `sourceType:sourceUid:code` (`#n` on a repeat): what a line discount names. */
  key: z.string(),
  category: z.enum(BILL_CATEGORIES),
  sourceType: z.string(),
  sourceUid: z.string(),
  code: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
  taxCode: z.enum(TAX_CODES),
  dpp: z.number().int(),
  ppn: z.number().int(),
  net: z.number().int(),
  payerPortion: z.number().int(),
  patientPortion: z.number().int(),
  /** The posted bill's adjustment that added the line; null for the lines frozen at posting. */
  adjustmentUid: z.string().nullable(),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billAdjustmentSchema = z.object({
  uid: z.string(),
  kind: z.enum(['charge', 'discount', 'adjustment']),
  lineKey: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  value: z.number().int(),
  /** The discount's rupiah when it was asked (what the threshold was measured on). */
  amount: z.number().int(),
  description: z.string().nullable(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.number().int(),
  decidedBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type BillAdjustment = z.infer<typeof billAdjustmentSchema>;

const totalsSchema = z.object({
  gross: z.number().int(),
  discount: z.number().int(),
  dpp: z.number().int(),
  ppn: z.number().int(),
  net: z.number().int(),
  payerPortion: z.number().int(),
  patientPortion: z.number().int(),
});

export const paymentPartAnswerSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  tendered: z.number().int().nullable(),
  change: z.number().int(),
  reference: z.string().nullable(),
});

export const paymentAnswerSchema = z.object({
  uid: z.string(),
  billUid: z.string(),
  receiptNumber: z.string().nullable(),
  amount: z.number().int(),
  parts: z.array(paymentPartAnswerSchema),
  /** The payment this one reverses (a refund or void: negative amounts). */
  reversesUid: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reason: z.string().nullable(),
  cashierId: z.number().int(),
  createdAt: z.string(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const billSchema = z.object({
  /** The bill's row is made the first time the visit's bill is read (a draft: its lines are assembled live). */
  uid: z.string(),
  visitUid: z.string(),
  clinicId: z.number().int(),
  number: z.string().nullable(),
  status: z.enum(BILL_STATUSES),
  payerType: z.enum(PAYER_TYPES),
  payerName: z.string().nullable(),
  serviceDay: z.string(),
  settings: z.object({
    isPkp: z.boolean(),
    pricesIncludePpn: z.boolean(),
    discountApprovalThreshold: z.number(),
  }),
  lines: z.array(billLineSchema),
  adjustments: z.array(billAdjustmentSchema),
  totals: totalsSchema,
  paid: z.number().int(),
  receivable: z.number().int(),
  outstanding: z.number().int(),
  payments: z.array(paymentAnswerSchema),
  postedAt: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

export const consistencySchema = z.object({
  ok: z.boolean(),
  checked: z.object({
    bills: z.number().int(),
    payments: z.number().int(),
    counters: z.number().int(),
    /** journal entries of the accounting hand-off, each balanced and with lines */
    journals: z.number().int(),
  }),
  problems: z.array(z.object({ kind: z.string(), ref: z.string(), detail: z.string() })),
});
export type BillingConsistency = z.infer<typeof consistencySchema>;
