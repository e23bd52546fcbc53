import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  AGING_BUCKETS,
  PAYER_INVOICE_STATUSES,
  PAYER_PAYMENT_METHODS,
  parsePayerKey,
} from './payer-invoices.rules.ts';

/**
 * What the screen of bills to companies and insurers (`/Registration/daftarTagihan`) sends and
 * reads. Money in whole rupiah; days 'YYYY-MM-DD'. Whether an allocation fits what is open is
 * checked by the server (it knows the items) and answered on `allocations.<i>.amount`.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const day = dateSchema('iso');
const money = z
  .number('payerInvoices.amountRequired')
  .int('payerInvoices.amountWhole')
  .min(1, 'payerInvoices.amountPositive')
  .max(10_000_000_000, 'validation.tooLong');
const reason = text(500).min(3, 'payerInvoices.reasonRequired');
const payerKey = text(200)
  .min(1, 'payerInvoices.payerRequired')
  .refine((v) => parsePayerKey(v) !== null, 'payerInvoices.payerRequired');
const clinicId = z.coerce.number().int().positive();
const periodInOrder = (v: { from: string; to: string }) => v.from <= v.to;
const periodOrder = { path: ['to'], message: 'payerInvoices.periodOrder' };

export const payerInvoiceStatusSchema = z.enum(PAYER_INVOICE_STATUSES);
export const payerInvoiceParamsSchema = z.object({ uid: uidSchema });
export const payerClinicQuerySchema = z.object({ clinicId });

export const openReceivablesQuerySchema = z
  .object({ clinicId, payer: payerKey, from: day, to: day })
  .refine(periodInOrder, periodOrder);
export const payerInvoiceCreateSchema = z
  .object({
    clinicId: z.number().int().positive(),
    payer: payerKey,
    from: day,
    to: day,
    note: optionalText(500),
  })
  .refine(periodInOrder, periodOrder);
export type PayerInvoiceCreate = z.infer<typeof payerInvoiceCreateSchema>;

export const payerInvoiceListQuerySchema = z.object({
  clinicId: clinicId.optional(),
  status: payerInvoiceStatusSchema.optional(),
  payer: text(200).optional(),
  from: day.optional(),
  to: day.optional(),
  search: text(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PayerInvoiceListQuery = z.infer<typeof payerInvoiceListQuerySchema>;

export const payerPaymentSchema = z.object({
  paidOn: day,
  method: z.enum(PAYER_PAYMENT_METHODS, 'payerInvoices.methodRequired'),
  reference: optionalText(100),
  amount: money,
  note: optionalText(500),
  /** Left out: the amount goes to the oldest visits first. */
  allocations: z
    .array(z.object({ receivableUid: uidSchema, amount: money }))
    .max(1000)
    .optional(),
});
export type PayerPaymentInput = z.infer<typeof payerPaymentSchema>;

export const reasonBodySchema = z.object({ reason });
export const noteBodySchema = z.object({ note: optionalText(500) });

export const agingQuerySchema = z.object({ clinicId: clinicId.optional(), asOf: day.optional() });

export const payerInvoiceSettingsSchema = z.object({
  clinicId: z.number().int().positive(),
  bankName: optionalText(80),
  accountNumber: optionalText(40),
  accountHolder: optionalText(120),
});

// answers

const payerFields = {
  payer: z.string(),
  payerKind: z.enum(['company', 'insurer']),
  payerName: z.string(),
};

export const payerSummarySchema = z.object({
  ...payerFields,
  npwp: z.string().nullable(),
  termDays: z.number().int(),
  openCount: z.number().int(),
  openAmount: z.number().int(),
});

export const openReceivableSchema = z.object({
  receivableUid: z.string(),
  billNumber: z.string().nullable(),
  visitDay: z.string(),
  patientName: z.string(),
  mrn: z.string().nullable(),
  amount: z.number().int(),
});
export const openReceivablesSchema = z.object({
  items: z.array(openReceivableSchema),
  total: z.number().int(),
});

/** Per visit: billed = paid + writtenOff + reclaimed + denied (not resolved) + open. */
export const payerInvoiceItemSchema = openReceivableSchema.extend({
  paid: z.number().int(),
  writtenOff: z.number().int(),
  denied: z.number().int(),
  reclaimed: z.number().int(),
  open: z.number().int(),
});

export const payerInvoiceSummarySchema = z.object({
  uid: z.string(),
  clinicId: z.number().int(),
  number: z.string(),
  ...payerFields,
  periodFrom: z.string(),
  periodTo: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: payerInvoiceStatusSchema,
  total: z.number().int(),
  paid: z.number().int(),
  writtenOff: z.number().int(),
  /** An insurer's denials not yet resolved, and those re-claimed on a later batch. */
  denied: z.number().int(),
  reclaimed: z.number().int(),
  open: z.number().int(),
});
export type PayerInvoiceSummary = z.infer<typeof payerInvoiceSummarySchema>;

const person = z.object({ id: z.number().int(), name: z.string(), at: z.string() }).nullable();

export const payerInvoiceSchema = payerInvoiceSummarySchema.extend({
  termDays: z.number().int(),
  note: z.string().nullable(),
  disputeReason: z.string().nullable(),
  writeOffReason: z.string().nullable(),
  writeOffRequestedBy: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
  preparedBy: person,
  approvedBy: person,
  sentBy: person,
  items: z.array(payerInvoiceItemSchema),
  payments: z.array(
    z.object({
      uid: z.string(),
      paidOn: z.string(),
      method: z.enum(PAYER_PAYMENT_METHODS),
      reference: z.string().nullable(),
      amount: z.number().int(),
      note: z.string().nullable(),
    }),
  ),
});
export type PayerInvoice = z.infer<typeof payerInvoiceSchema>;

export const payerInvoicePageSchema = pagedSchema(payerInvoiceSummarySchema);

const bucketAmounts = Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.number().int()])) as Record<
  (typeof AGING_BUCKETS)[number],
  z.ZodNumber
>;
export const agingRowSchema = z.object({
  ...payerFields,
  notInvoiced: z.number().int(),
  ...bucketAmounts,
  total: z.number().int(),
});
export type AgingRow = z.infer<typeof agingRowSchema>;
export const agingSchema = z.object({
  asOf: z.string(),
  rows: z.array(agingRowSchema),
  totals: agingRowSchema.omit({ payer: true, payerKind: true, payerName: true }),
});

export const payerInvoiceSettingsAnswerSchema = z.object({
  clinicId: z.number().int(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountHolder: z.string().nullable(),
});
