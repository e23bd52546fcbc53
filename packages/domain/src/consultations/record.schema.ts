// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

// The medical record (EMR): patients with a record and their visits.
/** `GET consultations/patients/{id}/encounters`: the record's visits, newest first. */
export const timelineQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET consultations/patients`: patients with a record (the EMR search, the doctor's own patients). */
export const recordPatientsQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  /** Only patients this doctor has seen (the doctor's own list). */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const recordPatientSchema = z.object({
  uid: z.string(),
  mrn: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  sex: z.enum(['M', 'F']),
  /** DD/MM/YYYY */
  dob: z.string(),
  age: z.object({ years: z.number().int(), months: z.number().int() }),
  nik: z.string().nullable(),
  allergies: z.string().nullable(),
  visits: z.number().int(),
  lastVisit: z.string().nullable(),
  lastDiagnosis: z.string().nullable(),
});
export type RecordPatient = z.infer<typeof recordPatientSchema>;
