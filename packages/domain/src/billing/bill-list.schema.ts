import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { BILL_LIST_PAGE_SIZE, BILL_LIST_STATUSES, billListRange } from './bill-list.rules.ts';
import { PAYER_TYPES } from './billing.rules.ts';

const id = z.coerce.number().int('validation.invalid').positive('validation.invalid');

/**
 * `GET /billing/bills`: the posted bills of the caller's clinics (one of them with `clinicId`),
 * by service day (clinic-local ISO days, at most 92), status and payer type; `q` finds an invoice
 * or receipt number, a patient's name or record number.
 */
export const billListQuerySchema = z
  .object({
    clinicId: id.optional(),
    from: dateSchema('iso', 'invoiceList.dateFormat').optional(),
    to: dateSchema('iso', 'invoiceList.dateFormat').optional(),
    status: z.enum(BILL_LIST_STATUSES, 'validation.invalid').optional(),
    payerType: z.enum(PAYER_TYPES, 'validation.invalid').optional(),
    q: z.string().trim().max(100, 'validation.tooLong').optional(),
    page: id.max(10_000, 'validation.invalid').default(1),
    limit: id.max(100, 'validation.invalid').default(BILL_LIST_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    const range = billListRange(v.to, v.from, v.to);
    if ('error' in range) ctx.addIssue({ code: 'custom', path: ['to'], message: range.error });
  });
export type BillListQuery = z.infer<typeof billListQuerySchema>;

/** A receipt (kwitansi) of the bill: a payment taken, perhaps reversed since. */
export const billListReceiptSchema = z.object({
  paymentUid: z.string(),
  number: z.string(),
  reversed: z.boolean(),
});

/** One posted bill of the list. Money in whole rupiah. */
export const billListRowSchema = z.object({
  billUid: z.string(),
  invoiceNumber: z.string(),
  /** The visit's clinic day, 'YYYY-MM-DD' */
  serviceDay: z.string(),
  postedAt: z.string(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  doctorName: z.string().nullable(),
  payerType: z.enum(PAYER_TYPES),
  payerName: z.string().nullable(),
  /** The bill's net total */
  total: z.number().int(),
  /** Money received (cash, card, QRIS, transfer, deposit), reversals subtracted */
  paid: z.number().int(),
  /** Put on a company's or insurer's receivable, reversals subtracted */
  receivable: z.number().int(),
  status: z.enum(['posted', 'paid']),
  /** A payment of the bill was reversed */
  hasReversal: z.boolean(),
  receipts: z.array(billListReceiptSchema),
});
export type BillListRow = z.infer<typeof billListRowSchema>;

export const billListPageSchema = pagedSchema(billListRowSchema).extend({
  /** The service days listed (the defaults filled in) */
  from: z.string(),
  to: z.string(),
});
export type BillListPage = z.infer<typeof billListPageSchema>;
