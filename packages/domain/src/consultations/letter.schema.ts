// Letters as the API answers them (`POST/GET consultations/letters`); the input is letterCreateSchema.
import { z } from '../common/zod-config.ts';
import { LETTER_KINDS } from './consultation.rules.ts';
import { referralDraftSchema } from './consultation.schema.ts';

/** `GET consultations/letters`: a patient's or a visit's letters, newest first. */
export const letterListQuerySchema = z.object({
  patientId: z.string().trim().max(60, 'validation.tooLong').optional(),
  encounterId: z.string().trim().max(60, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type LetterListQuery = z.infer<typeof letterListQuerySchema>;

/** A written letter: what it says is fixed when it is written (the print never changes). */
export const letterSchema = z.object({
  uid: z.string(),
  kind: z.enum(LETTER_KINDS),
  number: z.string(),
  createdAt: z.string(),
  encounterId: z.string().nullable(),
  patient: z.object({ uid: z.string(), mrn: z.string(), name: z.string() }),
  clinic: z.object({ id: z.number().int(), name: z.string() }),
  /** The doctor who signs it (the visit's doctor). */
  doctorName: z.string().nullable(),
  /** YYYY-MM-DD, the clinic's day of the visit */
  visitDate: z.string().nullable(),
  purpose: z.string().nullable(),
  healthy: z.boolean().nullable(),
  notes: z.string().nullable(),
  /** Sick leave: first and last day of rest (YYYY-MM-DD) and the number of days. */
  restFrom: z.string().nullable(),
  restUntil: z.string().nullable(),
  restDays: z.number().int().nullable(),
  referral: referralDraftSchema.nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
});
export type Letter = z.infer<typeof letterSchema>;
