// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { encounterSchema } from './encounter.schema.ts';

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

/**
 * Where a page of the record's visits ends: the last visit's time (UTC, to the microsecond the
 * database keeps) and id. The next page starts after it (keyset paging: no OFFSET, no gap or
 * overlap when a visit is signed meanwhile).
 */
export const RECORD_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,9}$/;
/** Visits in the record's first answer and in each page after it. */
export const RECORD_PAGE = 20;

/** `GET consultations/patients/{uid}/record`: without `after` the first page (with the header). */
export const recordQuerySchema = z.object({
  after: z
    .string()
    .regex(RECORD_CURSOR, 'validation.invalid')
    // a real moment (no 30 February), as the database will read it
    .refine((s) => {
      const at = new Date(s.slice(0, 27));
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 23) === s.slice(0, 23);
    }, 'validation.invalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(RECORD_PAGE),
});

/** The record in one answer: the header (first page only), a page of visits, newest first, and the next cursor. */
export const recordPageSchema = z.object({
  patient: recordPatientSchema.nullable(),
  visits: z.array(encounterSchema),
  next: z.string().nullable(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;
