// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { RESULT_TYPES } from './lab-catalogue.schema.ts';

/**
 * Lab results of a lab visit (issue 16): the ordered tests with their parameters and the range
 * that applies to this patient, and the report — draft → validated → released; an amendment is a
 * new version, the old one kept as replaced.
 */

export const LAB_REPORT_STATUSES = ['draft', 'validated', 'released', 'replaced'] as const;
export type LabReportStatus = (typeof LAB_REPORT_STATUSES)[number];
export const LAB_FLAGS = ['N', 'L', 'H', 'LL', 'HH', 'A'] as const;

export const labVisitParamsSchema = z.object({
  registrationId: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** The range that applied to this patient, copied onto the result. */
export const appliedRangeSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalLow: z.number().nullable(),
  criticalHigh: z.number().nullable(),
  impossibleLow: z.number().nullable(),
  impossibleHigh: z.number().nullable(),
  normalText: z.string().nullable(),
});
export type AppliedRange = z.infer<typeof appliedRangeSchema>;

/** One parameter to result: from the catalogue, with the range for this patient's sex and age. */
export const labWorkParameterSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  unit: z.string().nullable(),
  resultType: z.enum(RESULT_TYPES),
  decimals: z.number().int(),
  choices: z.array(z.string()).nullable(),
  /** A calculated parameter (filled by the server from the others, not typed). */
  formula: z.string().nullable(),
  range: appliedRangeSchema.nullable(),
});
export type LabWorkParameter = z.infer<typeof labWorkParameterSchema>;

/** One ordered lab test (a service of group lab; a panel is unfolded into its tests). */
export const labWorkTestSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  specimen: z.string().nullable(),
  container: z.string().nullable(),
  parameters: z.array(labWorkParameterSchema),
});
export type LabWorkTest = z.infer<typeof labWorkTestSchema>;

/** A result as stored: the value, the unit and range copied at entry, the flag. */
export const labResultValueSchema = z.object({
  parameterUid: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  calculated: z.boolean(),
  unit: z.string().nullable(),
  range: appliedRangeSchema.nullable(),
  flag: z.enum(LAB_FLAGS).nullable(),
});
export type LabResultValue = z.infer<typeof labResultValueSchema>;

const byWho = z.object({ name: z.string(), at: z.string() }).nullable();

export const labReportSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  status: z.enum(LAB_REPORT_STATUSES),
  amendmentReason: z.string().nullable(),
  entered: byWho,
  validated: byWho,
  released: byWho,
  values: z.array(labResultValueSchema),
});
export type LabReport = z.infer<typeof labReportSchema>;

/** What the lab works on for one visit: the order, its tests, the report and its older versions. */
export const labWorkSchema = z.object({
  registrationId: z.string(),
  clinicId: z.number().int(),
  patient: z.object({
    uid: z.string(),
    name: z.string(),
    mrn: z.string(),
    sex: z.string(),
    ageDays: z.number().int().nullable(),
  }),
  /** The ordering doctor and clinic, the clinical diagnosis, the doctor's note and priority. */
  order: z.object({
    doctorName: z.string().nullable(),
    clinicName: z.string().nullable(),
    diagnosis: z.string().nullable(),
    note: z.string().nullable(),
    cito: z.boolean(),
    /** Ordered items the catalogue does not know (free text): shown, not resulted here. */
    unmatchedItems: z.array(z.string()),
  }),
  tests: z.array(labWorkTestSchema),
  report: labReportSchema.nullable(),
  /** Earlier versions (replaced), newest first. */
  history: z.array(labReportSchema),
});
export type LabWork = z.infer<typeof labWorkSchema>;

/**
 * The results of a whole order in one round trip: every parameter's value (a number for number
 * parameters, one of the choices, or text; null clears). Saving the same values twice changes
 * nothing. `version` is the report version the screen showed (409 when it moved on).
 */
export const labResultsSaveSchema = z.object({
  version: z.number().int().min(0).nullable(),
  values: z
    .array(
      z.object({
        parameterUid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
        value: z.union([z.number(), z.string().trim().max(200, 'validation.tooLong')]).nullable(),
      }),
    )
    .max(300, 'validation.tooLong'),
});
export type LabResultsSave = z.infer<typeof labResultsSaveSchema>;

export const labAmendSchema = z.object({
  reason: z.string().trim().min(3, 'labResults.reasonRequired').max(500, 'validation.tooLong'),
});
export type LabAmend = z.infer<typeof labAmendSchema>;

/** A released result of a patient, for the doctor's screen and the record (with trends). */
export const patientLabResultSchema = z.object({
  registrationId: z.string(),
  reportUid: z.string(),
  version: z.number().int(),
  amended: z.boolean(),
  releasedAt: z.string(),
  clinicName: z.string(),
  testCode: z.string(),
  testNameId: z.string(),
  testNameEn: z.string(),
  parameterCode: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  unit: z.string().nullable(),
  range: appliedRangeSchema.nullable(),
  flag: z.enum(LAB_FLAGS).nullable(),
});
export type PatientLabResult = z.infer<typeof patientLabResultSchema>;

export const patientLabResultsParamsSchema = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});
export const patientLabResultsQuerySchema = z.object({
  /** One parameter's trend (its code), or every released result. */
  parameter: z.string().trim().max(20, 'validation.tooLong').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
