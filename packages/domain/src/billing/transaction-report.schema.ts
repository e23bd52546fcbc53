import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { PAYER_TYPES } from './billing.rules.ts';
import {
  REPORT_BASES,
  REPORT_CATEGORIES,
  REPORT_METHODS,
  REPORT_STATUSES,
  reportRange,
  TRANSACTION_REPORT_PAGE_SIZES,
} from './transaction-report.rules.ts';

const id = z.coerce.number().int('validation.invalid').positive('validation.invalid');

/**
 * `GET /reports/transactions` and its xlsx: the filters. No `clinicId`: every clinic of the caller's
 * (corporate roles only). Days are clinic-local ISO days, at most 92 of them.
 */
const filterShape = z.object({
  basis: z.enum(REPORT_BASES, 'validation.invalid').default('service'),
  from: dateSchema('iso', 'transactionReport.dateFormat').optional(),
  to: dateSchema('iso', 'transactionReport.dateFormat').optional(),
  clinicId: id.optional(),
  cashierId: id.optional(),
  doctorId: id.optional(),
  payerType: z.enum(PAYER_TYPES, 'validation.invalid').optional(),
  companyId: id.optional(),
  status: z.enum(REPORT_STATUSES, 'validation.invalid').optional(),
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
});

const checkRange = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!v.from || !v.to) return;
  const range = reportRange(v.from, v.from, v.to);
  if ('error' in range) ctx.addIssue({ code: 'custom', path: ['to'], message: range.error });
};

export const transactionFilterSchema = filterShape.superRefine(checkRange);
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

const pageSize = z.coerce
  .number()
  .int('validation.invalid')
  .refine((n) => (TRANSACTION_REPORT_PAGE_SIZES as readonly number[]).includes(n), 'validation.invalid');

export const transactionQuerySchema = filterShape
  .extend({ page: id.default(1), limit: pageSize.default(25) })
  .superRefine(checkRange);
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;

const money = z.number().int();
const byCategory = z.object(
  Object.fromEntries(REPORT_CATEGORIES.map((c) => [c, money])) as {
    [K in (typeof REPORT_CATEGORIES)[number]]: typeof money;
  },
);
const byMethod = z.object(
  Object.fromEntries(REPORT_METHODS.map((m) => [m, money])) as {
    [K in (typeof REPORT_METHODS)[number]]: typeof money;
  },
);
export type AmountsByCategory = z.infer<typeof byCategory>;
export type AmountsByMethod = z.infer<typeof byMethod>;

/** Amounts of a row or of the whole filtered set. */
export const transactionAmountsSchema = z.object({
  /** Gross by category (before discounts) */
  categories: byCategory,
  gross: money,
  discount: money,
  dpp: money,
  ppn: money,
  net: money,
  /** Parts by method, reversals subtracted; PERUSAHAAN and ASURANSI are receivables */
  methods: byMethod,
  /** Net − everything paid or put on a receivable */
  outstanding: money,
});
export type TransactionAmounts = z.infer<typeof transactionAmountsSchema>;

export const transactionRowSchema = transactionAmountsSchema.extend({
  billUid: z.string(),
  postedAt: z.string(),
  /** The posting time at the clinic, 'YYYY-MM-DD HH:mm' */
  postedLocal: z.string(),
  serviceDay: z.string(),
  lastPaidAt: z.string().nullable(),
  invoiceNumber: z.string(),
  receiptNumbers: z.array(z.string()),
  mrn: z.string(),
  patientName: z.string(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  doctorName: z.string().nullable(),
  payerType: z.enum(PAYER_TYPES),
  payerName: z.string().nullable(),
  cashiers: z.array(z.string()),
  status: z.enum(REPORT_STATUSES),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const transactionTotalsSchema = transactionAmountsSchema.extend({ bills: z.number().int() });
export type TransactionTotals = z.infer<typeof transactionTotalsSchema>;

export const transactionReportSchema = pagedSchema(transactionRowSchema).extend({
  from: z.string(),
  to: z.string(),
  basis: z.enum(REPORT_BASES),
  totals: transactionTotalsSchema,
});
export type TransactionReport = z.infer<typeof transactionReportSchema>;

/** The filter's pick lists over the same clinics and days: who took payments, doctors, companies. */
export const transactionOptionsSchema = z.object({
  cashiers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TransactionOptions = z.infer<typeof transactionOptionsSchema>;
