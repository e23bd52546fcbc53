// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { appliedRangeSchema, LAB_FLAGS } from '../lab/lab-results.schema.ts';

/**
 * The results of a visit as handed to the patient (`/Layanan/previewHasilnonMcu`, issue 16 §5):
 * released lab results, signed radiology reports, physiotherapy session notes and treatment
 * procedures — only what is released or signed, never a draft.
 */

export const resultVisitsQuerySchema = z.object({
  /** The visit's day, YYYY-MM-DD (every day when left out). */
  date: dateSchema('iso', 'visitResults.dateFormat').optional(),
  /** Part of the patient's name, the MRN or the queue number. */
  search: z.string().trim().max(60, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(100, 'validation.invalid').default(20),
});
export type ResultVisitsQuery = z.infer<typeof resultVisitsQuerySchema>;

/** A visit with something to hand over, and what it holds. */
export const resultVisitSchema = z.object({
  registrationId: z.string(),
  queueNumber: z.string(),
  queueDate: z.string(),
  serviceType: z.string().nullable(),
  clinicName: z.string(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }),
  /** A released lab report. */
  lab: z.boolean(),
  /** Signed radiology reports, physiotherapy sessions and treatment procedures. */
  radiology: z.number().int(),
  physio: z.number().int(),
  treatment: z.number().int(),
});
export type ResultVisit = z.infer<typeof resultVisitSchema>;

export const visitResultsParamsSchema = z.object({
  registrationId: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

const byWho = z.object({ name: z.string().nullable(), at: z.string() }).nullable();
const names = { code: z.string(), nameId: z.string(), nameEn: z.string() };

/** A released lab report as printed: each test with its parameters' values, units, flags and ranges. */
export const printedLabReportSchema = z.object({
  reportUid: z.string(),
  version: z.number().int(),
  /** Set on an amended report (version > 1): printed under "Hasil berubah". */
  amendmentReason: z.string().nullable(),
  orderingDoctor: z.string().nullable(),
  orderingClinic: z.string().nullable(),
  diagnosis: z.string().nullable(),
  validated: byWho,
  released: byWho,
  tests: z.array(
    z.object({
      ...names,
      values: z.array(
        z.object({
          ...names,
          value: z.union([z.number(), z.string()]).nullable(),
          decimals: z.number().int(),
          unit: z.string().nullable(),
          range: appliedRangeSchema.nullable(),
          flag: z.enum(LAB_FLAGS).nullable(),
        }),
      ),
    }),
  ),
});
export type PrintedLabReport = z.infer<typeof printedLabReportSchema>;

export const visitRadiologyReportSchema = z.object({
  accessionNumber: z.string(),
  version: z.number().int(),
  modality: z.string(),
  examination: z.string(),
  findings: z.string().nullable(),
  impression: z.string().nullable(),
  amendmentReason: z.string().nullable(),
  signed: byWho,
});

export const visitPhysioSessionSchema = z.object({
  sessionNumber: z.number().int(),
  kind: z.string(),
  painBefore: z.number().nullable(),
  painAfter: z.number().nullable(),
  interventions: z.string().nullable(),
  note: z.string().nullable(),
  performed: byWho,
});

export const visitTreatmentSchema = z.object({
  uid: z.string(),
  icd9Code: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  consumables: z.array(z.object({ name: z.string(), quantity: z.number(), unit: z.string().nullable() })),
  performed: byWho,
});

export const visitResultsSchema = z.object({
  registrationId: z.string(),
  queueNumber: z.string(),
  queueDate: z.string(),
  serviceType: z.string().nullable(),
  clinicName: z.string(),
  patient: z.object({
    uid: z.string(),
    name: z.string(),
    mrn: z.string(),
    sex: z.string(),
    dob: z.string().nullable(),
  }),
  lab: printedLabReportSchema.nullable(),
  radiology: z.array(visitRadiologyReportSchema),
  physio: z.array(visitPhysioSessionSchema),
  treatment: z.array(visitTreatmentSchema),
});
export type VisitResults = z.infer<typeof visitResultsSchema>;
