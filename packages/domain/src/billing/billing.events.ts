import { z } from 'zod';
import { PAYMENT_METHODS } from './billing.rules.ts';

/** Domain events of billing (DESIGN 5), through the outbox: for journals, reports and SATUSEHAT. */
export const BILLING_EVENTS = {
  /** A bill was posted: its lines frozen, its invoice number given. */
  posted: 'bill.posted',
  /** A payment was taken (cash and non-cash parts; company and insurer parts as receivables). */
  paymentReceived: 'payment.received',
  /** A payment was reversed (refund or void) by a second person, with the reason. */
  paymentReversed: 'payment.reversed',
  /** A patient's deposit was received at the cashier (cash or bank against the deposit liability). */
  depositReceived: 'deposit.received',
  /** (Part of) a deposit receipt was refunded by a second person, with the reason. */
  depositRefunded: 'deposit.refunded',
} as const;

export const billPostedSchema = z.object({
  billUid: z.string(),
  number: z.string(),
  registrationUid: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  patientId: z.number().int(),
  payerType: z.string(),
  total: z.number().int(),
  ppn: z.number().int(),
  lines: z.number().int(),
  postedBy: z.number().int(),
  postedAt: z.string(),
});
export type BillPosted = z.infer<typeof billPostedSchema>;

const partSchema = z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number().int() });

export const paymentReceivedSchema = z.object({
  paymentUid: z.string(),
  billUid: z.string(),
  billNumber: z.string(),
  receiptNumber: z.string(),
  registrationUid: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  amount: z.number().int(),
  parts: z.array(partSchema),
  /** Whether the bill is now paid in full (the visit moved to Paid). */
  paidInFull: z.boolean(),
  cashierId: z.number().int(),
  at: z.string(),
});
export type PaymentReceived = z.infer<typeof paymentReceivedSchema>;

export const paymentReversedSchema = z.object({
  paymentUid: z.string(),
  reversesUid: z.string(),
  billUid: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  /** Negative: what went back. */
  amount: z.number().int(),
  parts: z.array(partSchema),
  reason: z.string(),
  cashierId: z.number().int(),
  approvedBy: z.number().int(),
  at: z.string(),
});
export type PaymentReversed = z.infer<typeof paymentReversedSchema>;

export const depositEventSchema = z.object({
  entryUid: z.string(),
  receiptNumber: z.string().nullable(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  patientId: z.number().int(),
  /** Positive for a receipt, negative for a refund. */
  amount: z.number().int(),
  method: z.string(),
  cashierId: z.number().int(),
  at: z.string(),
});
export type DepositEvent = z.infer<typeof depositEventSchema>;
