import { z } from '../common/zod-config.ts';
import { PAYMENT_METHODS } from './billing.rules.ts';

/**
 * The papers of a bill (issue 18 §3): the invoice (rincian biaya) and the receipt (kwitansi) of a
 * payment, on A4 or the 80 mm roll. A receipt that states money received above Rp5.000.000 bears
 * the Rp10.000 stamp duty (bea meterai, UU 10/2020 Pasal 3).
 */

export const DOCUMENT_PAPERS = ['a4', 'roll80'] as const;
export type DocumentPaper = (typeof DOCUMENT_PAPERS)[number];

export const paperQuerySchema = z.object({
  paper: z.enum(DOCUMENT_PAPERS, 'validation.invalid').default('a4'),
});

export const METERAI_THRESHOLD = 5_000_000;
export const METERAI_DUTY = 10_000;
/** A document stating money received above Rp5.000.000 bears the stamp duty. */
export const needsMeterai = (amount: number) => amount > METERAI_THRESHOLD;

/** What a receipt states, in the order it prints (research/operations.md §3.5). */
export const receiptSchema = z.object({
  paymentUid: z.string(),
  billUid: z.string(),
  receiptNumber: z.string(),
  invoiceNumber: z.string().nullable(),
  /** 'Telah terima dari': the patient who paid. */
  receivedFrom: z.string(),
  /** The money received: the payment less what a company or an insurer owes (receivables). */
  amount: z.number().int(),
  amountInWords: z.string(),
  purpose: z.string(),
  /** The clinic-local day of the payment, 'YYYY-MM-DD'. */
  day: z.string(),
  paidAt: z.string(),
  cashierName: z.string(),
  methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number().int() })),
  /** The payment was reversed (refund or void): the receipt prints DIBATALKAN. */
  reversed: z.boolean(),
  meteraiRequired: z.boolean(),
  meteraiDuty: z.number().int().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
