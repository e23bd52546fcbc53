import { z } from '../common/zod-config.ts';
import { DENIAL_REASONS, DENIAL_STATES } from './payer-claims.rules.ts';

/**
 * What the claim batch screen sends and reads (an insurer's invoice on `/Registration/daftarTagihan`):
 * the insurer's denials per visit and their resolution. Whether a denial fits what is open on its
 * visit is checked by the server and answered on `lines.<i>.amount`.
 */

const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullable()
    .optional()
    .transform((v) => v || null);

export const denialReasonSchema = z.enum(DENIAL_REASONS, 'payerInvoices.claims.reasonCodeRequired');

export const payerDenialLineSchema = z.object({
  receivableUid: uidSchema,
  amount: z
    .number('payerInvoices.amountRequired')
    .int('payerInvoices.amountWhole')
    .min(1, 'payerInvoices.amountPositive')
    .max(10_000_000_000, 'validation.tooLong'),
  reasonCode: denialReasonSchema,
  note: optionalText(500),
  /** The bill lines (their seq on the visit's bill) the denial concerns; none: the visit. */
  lineSeqs: z.array(z.number().int().positive()).max(200).default([]),
});
export const payerDenialsSchema = z.object({
  lines: z.array(payerDenialLineSchema).min(1, 'payerInvoices.claims.linesRequired').max(1000),
});
export type PayerDenialsInput = z.infer<typeof payerDenialsSchema>;

export const denialParamsSchema = z.object({ uid: uidSchema, denialUid: uidSchema });

// answers

export const payerDenialSchema = z.object({
  uid: z.string(),
  receivableUid: z.string(),
  visitDay: z.string(),
  patientName: z.string(),
  billNumber: z.string().nullable(),
  amount: z.number().int(),
  reasonCode: z.enum(DENIAL_REASONS),
  note: z.string().nullable(),
  lines: z.array(z.object({ seq: z.number().int(), code: z.string().nullable(), description: z.string() })),
  state: z.enum(DENIAL_STATES),
  writeOffReason: z.string().nullable(),
  writeOffRequestedBy: z.number().int().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type PayerDenial = z.infer<typeof payerDenialSchema>;

export const payerClaimSchema = z.object({
  denials: z.array(payerDenialSchema),
  /** The visits' bill lines the insurer pays a part of (for naming them on a denial). */
  billLines: z.array(
    z.object({
      receivableUid: z.string(),
      seq: z.number().int(),
      code: z.string().nullable(),
      description: z.string(),
      amount: z.number().int(),
    }),
  ),
});
export type PayerClaim = z.infer<typeof payerClaimSchema>;
