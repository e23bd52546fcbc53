// the shared issue messages come with every schema, in the browser as on the server

import { z } from '../common/zod-config.ts';
import { COPAY_TYPES, copayProblem } from '../partner-companies/partner-company.rules.ts';
import { SERVICE_GROUPS } from '../services/service.schema.ts';
import {
  ELIGIBILITY_STATUSES,
  type EligibilityStatus,
  INSURER_KINDS,
  type InsurerKind,
} from './insurer.constants.ts';

/**
 * The insurer master (issue 18 §6, research/operations.md §3.9; `/MedicalServices/Insurance`):
 * insurers, TPAs and BPJS with their payment terms and coverage rules (ceilings, co-pay, excluded
 * service groups) a visit's bill is split by; and the eligibility the front office notes on a
 * visit. Money in whole rupiah.
 */

export { ELIGIBILITY_STATUSES, type EligibilityStatus, INSURER_KINDS, type InsurerKind };

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const rupiah = z
  .number('insurers.amountWhole')
  .int('insurers.amountWhole')
  .min(0, 'insurers.amountWhole')
  .max(100_000_000_000, 'validation.tooLong');
const optionalRupiah = rupiah
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const insurerSaveSchema = z
  .object({
    name: text(120).min(1, 'insurers.nameRequired'),
    code: optionalText(20),
    kind: z.enum(INSURER_KINDS, 'validation.invalid').default('insurer'),
    contactName: optionalText(120),
    phone: text(30)
      .nullable()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || /^\+?[\d\s-]{6,20}$/.test(v), 'insurers.phoneInvalid'),
    email: text(120)
      .nullable()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || EMAIL_PATTERN.test(v), 'insurers.emailInvalid'),
    address: optionalText(300),
    paymentTermDays: z
      .number('insurers.termsRange')
      .int('insurers.termsRange')
      .min(0, 'insurers.termsRange')
      .max(365, 'insurers.termsRange')
      .default(30),
    ceilingPerVisit: optionalRupiah,
    ceilingPerYear: optionalRupiah,
    copayType: z.enum(COPAY_TYPES, 'validation.invalid').default('none'),
    copayValue: rupiah.default(0),
    excludedGroups: z.array(z.enum(SERVICE_GROUPS, 'validation.invalid')).max(20).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const problem = copayProblem(v.copayType, v.copayValue);
    if (problem) ctx.addIssue({ code: 'custom', path: ['copayValue'], message: `insurers.${problem}` });
    if (v.ceilingPerVisit !== null && v.ceilingPerYear !== null && v.ceilingPerVisit > v.ceilingPerYear)
      ctx.addIssue({ code: 'custom', path: ['ceilingPerVisit'], message: 'insurers.ceilingAboveYear' });
  });
export type InsurerSaveInput = z.infer<typeof insurerSaveSchema>;

export const insurerQuerySchema = z.object({
  search: text(100).optional(),
  kind: z.enum(INSURER_KINDS).optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type InsurerQuery = z.infer<typeof insurerQuerySchema>;

export const insurerParamsSchema = z.object({ uid: z.string().min(1).max(60) });
export const visitParamsSchema = z.object({ visitUid: z.string().min(1).max(60) });

/**
 * What the clerk learnt checking eligibility: the answer, the insurer's reference (a TPA's
 * guarantee letter number, "nomor jaminan"), the plafon it covers for the visit when given, a note.
 */
export const eligibilityCheckSchema = z.object({
  status: z.enum(ELIGIBILITY_STATUSES, 'insurers.statusInvalid'),
  reference: optionalText(100),
  coveredAmount: optionalRupiah,
  note: optionalText(300),
});
export type EligibilityCheckInput = z.infer<typeof eligibilityCheckSchema>;

/** The eligibility checked at registration (cashless: membership and benefit, research §3.9). */
export const eligibilitySaveSchema = eligibilityCheckSchema.extend({
  insurerUid: z.string().trim().min(1, 'insurers.insurerRequired').max(60, 'validation.tooLong'),
  memberNumber: optionalText(60),
});
export type EligibilitySaveInput = z.infer<typeof eligibilitySaveSchema>;

export const insurerSchema = z.object({
  uid: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  kind: z.enum(INSURER_KINDS),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  paymentTermDays: z.number().int(),
  ceilingPerVisit: z.number().int().nullable(),
  ceilingPerYear: z.number().int().nullable(),
  copayType: z.enum(COPAY_TYPES),
  copayValue: z.number().int(),
  excludedGroups: z.array(z.enum(SERVICE_GROUPS)),
  active: z.boolean(),
});
export type Insurer = z.infer<typeof insurerSchema>;

export const eligibilitySchema = z.object({
  visitUid: z.string(),
  insurerUid: z.string(),
  insurerName: z.string(),
  memberNumber: z.string().nullable(),
  /** null: the insurer is noted, its eligibility not checked yet. */
  status: z.enum(ELIGIBILITY_STATUSES).nullable(),
  reference: z.string().nullable(),
  coveredAmount: z.number().int().nullable(),
  note: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;
