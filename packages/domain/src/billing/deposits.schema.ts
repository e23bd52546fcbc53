// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { DEPOSIT_METHODS, REFERENCE_METHODS } from './billing.rules.ts';

/**
 * Patient deposits (uang muka, issue 18 §2): what the cashier sends to receive a deposit or a
 * second person to refund one, and the patient's balance with its ledger. Money in whole rupiah.
 * Whether the balance covers a draw or a refund is checked by the server (it holds the ledger).
 */

const MAX_AMOUNT = 1_000_000_000;
const amount = z
  .number('billing.amountRequired')
  .int('billing.amountWhole')
  .min(1, 'billing.amountPositive')
  .max(MAX_AMOUNT, 'validation.tooLong');
const uid = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

export const DEPOSIT_ENTRY_KINDS = ['receipt', 'draw', 'return', 'refund'] as const;
export type DepositEntryKind = (typeof DEPOSIT_ENTRY_KINDS)[number];

export const patientParamsSchema = z.object({ patientUid: uid });
export const depositParamsSchema = z.object({ uid });

export const receiveDepositSchema = z
  .object({
    clinicId: z.number().int().positive(),
    idempotencyKey: z.uuid('billing.idempotencyKeyInvalid'),
    amount,
    method: z.enum(DEPOSIT_METHODS, 'billing.methodRequired'),
    reference: z
      .string()
      .trim()
      .max(100, 'validation.tooLong')
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (REFERENCE_METHODS.includes(v.method) && !v.reference)
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'billing.referenceRequired' });
  });
export type ReceiveDepositInput = z.infer<typeof receiveDepositSchema>;

export const refundDepositSchema = z.object({
  amount,
  reason: z.string().trim().max(500, 'validation.tooLong').min(3, 'billing.reasonRequired'),
});
export type RefundDepositInput = z.infer<typeof refundDepositSchema>;

export const depositEntrySchema = z.object({
  uid: z.string(),
  clinicId: z.number().int(),
  kind: z.enum(DEPOSIT_ENTRY_KINDS),
  /** Signed: + into the deposit (receipt, return), − out of it (draw, refund). */
  amount: z.number().int(),
  method: z.enum(DEPOSIT_METHODS).nullable(),
  reference: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** A draw's or return's bill number. */
  billNumber: z.string().nullable(),
  /** What is still refundable of a receipt (its amount less its refunds); 0 for other entries. */
  refundable: z.number().int(),
  reason: z.string().nullable(),
  cashier: z.string(),
  createdAt: z.string(),
});
export type DepositEntry = z.infer<typeof depositEntrySchema>;

export const patientDepositSchema = z.object({
  patientUid: z.string(),
  patientName: z.string(),
  balance: z.number().int(),
  /** Newest first. */
  entries: z.array(depositEntrySchema),
});
export type PatientDeposit = z.infer<typeof patientDepositSchema>;

export const depositAnswerSchema = z.object({ deposit: patientDepositSchema, entry: depositEntrySchema });
export type DepositAnswer = z.infer<typeof depositAnswerSchema>;
