// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { CODE_SYSTEMS } from '../consultations/consultation.rules.ts';

/** Medical codes (ICD-10, ICD-9-CM): search as the doctor types; favourites first. */
export const codeSearchQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive('validation.invalid'),
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  favourites: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const codeSystemParamsSchema = z.object({ system: z.enum(CODE_SYSTEMS) });
export const medicalCodeSchema = z.object({
  system: z.enum(CODE_SYSTEMS),
  code: z.string(),
  /** The clinic's title where it corrected one, else the shipped one. */
  titleId: z.string(),
  titleEn: z.string(),
  favourite: z.boolean(),
  corrected: z.boolean(),
});
export type MedicalCode = z.infer<typeof medicalCodeSchema>;
/** `PUT codes/{system}/{code}`: a clinic's correction of a title and/or its favourite mark. */
export const codeUpdateSchema = z.object({
  clinicId: z.number().int().positive('validation.invalid'),
  titleId: z.string().trim().max(300, 'validation.tooLong').nullish(),
  titleEn: z.string().trim().max(300, 'validation.tooLong').nullish(),
  favourite: z.boolean().optional(),
});

/** What a clinic changed on the shipped codes: its title corrections, its favourites or both. */
export const CLINIC_CODE_KINDS = ['corrected', 'favourite'] as const;
/** `GET clinic-codes`: the clinic's (or, without a clinic, every clinic in scope's) marked codes. */
export const clinicCodeListQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive('validation.invalid').optional(),
  system: z.enum(CODE_SYSTEMS).optional(),
  kind: z.enum(CLINIC_CODE_KINDS).optional(),
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** A clinic's marks on one code, the shipped titles beside the clinic's (null: not corrected). */
export const clinicCodeSchema = z.object({
  clinicId: z.number().int(),
  clinicName: z.string(),
  system: z.enum(CODE_SYSTEMS),
  code: z.string(),
  officialTitleId: z.string(),
  officialTitleEn: z.string(),
  titleId: z.string().nullable(),
  titleEn: z.string().nullable(),
  favourite: z.boolean(),
  updatedAt: z.string(),
});
export type ClinicCode = z.infer<typeof clinicCodeSchema>;
