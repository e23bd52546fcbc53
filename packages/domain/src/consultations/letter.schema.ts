// Letters as the API answers them (`POST/GET consultations/letters`); the input is letterCreateSchema.
import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { LETTER_KINDS } from './consultation.rules.ts';
import { referralDraftSchema } from './encounter.schema.ts';
import { MAX_REST_DAYS } from './letter.rules.ts';

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
  /** The doctor who signs it: the one who issued it (the visit's doctor or a colleague of that clinic). */
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

const text = (max: number) => z.string().max(max, 'validation.tooLong');
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

/** Letters (`/Doctor/itemSuratSehat`): health certificate and sick leave; referrals come from the note. */
export const letterCreateSchema = z
  .object({
    kind: z.enum(LETTER_KINDS),
    /** The visit the letter is written from (its clinic, patient, doctor and findings). */
    encounterId: uidSchema,
    /** Health certificate: purpose ('Melamar pekerjaan') and the verdict. */
    purpose: text(200).nullish(),
    healthy: z.boolean().nullish(),
    notes: text(1000).nullish(),
    /** Sick leave: first day (YYYY-MM-DD; the visit day or the day after) and days of rest (1–14). */
    restFrom: dateSchema('iso', 'letters.restFromInvalid').nullish(),
    restDays: z
      .number()
      .int('letters.restDaysRange')
      .min(1, 'letters.restDaysRange')
      .max(MAX_REST_DAYS, 'letters.restDaysRange')
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'health' && !v.purpose?.trim())
      ctx.addIssue({ code: 'custom', path: ['purpose'], message: 'letters.purposeRequired' });
    if (v.kind === 'health' && v.healthy == null)
      ctx.addIssue({ code: 'custom', path: ['healthy'], message: 'letters.verdictRequired' });
    if (v.kind === 'sick' && !v.restFrom)
      ctx.addIssue({ code: 'custom', path: ['restFrom'], message: 'letters.restFromRequired' });
    if (v.kind === 'sick' && !v.restDays)
      ctx.addIssue({ code: 'custom', path: ['restDays'], message: 'letters.restDaysRange' });
  });
export type LetterCreateInput = z.infer<typeof letterCreateSchema>;
