import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  appliedRangeSchema,
  LAB_FLAGS,
  LAB_REPORT_STATUSES,
  labResultsSaveSchema,
  labWorkParameterSchema,
} from './lab-results.schema.ts';
import { LAB_SPECIMEN_STATUSES } from './lab-specimens.schema.ts';

/**
 * The lab's worklist grid (`/Laboratory`, issue 16 §1): a clinic day's lab visits whose samples
 * are collected or received and whose results are not released; one lab test at a time, one row
 * per sample and one column per parameter. Saving stores every changed visit in one transaction
 * through the lab results' own save. The analyzer import matches a CSV by sample barcode.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');

export const labWorklistQuerySchema = z.object({
  clinicId: z.coerce.number().int('validation.invalid').positive('validation.invalid'),
  /** dd/mm/yyyy; default the clinic's today. */
  date: dateSchema('ddmmyyyy').optional(),
  serviceUid: text(60).optional(),
  search: text(100).optional(),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(100, 'validation.tooLong').default(25),
});
export type LabWorklistQuery = z.infer<typeof labWorklistQuerySchema>;

export const labWorklistCellSchema = z.object({
  parameterUid: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  flag: z.enum(LAB_FLAGS).nullable(),
  /** The range for this row's patient (sex and age). */
  range: appliedRangeSchema.nullable(),
});

export const labWorklistRowSchema = z.object({
  registrationId: z.string(),
  queueNumber: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  /** The barcode of the container the test's sample is in. */
  barcode: z.string().nullable(),
  specimenStatus: z.enum(LAB_SPECIMEN_STATUSES).nullable(),
  /** The report version the row shows (what a save sends back) and its status. */
  version: z.number().int().nullable(),
  reportStatus: z.enum(LAB_REPORT_STATUSES).nullable(),
  cells: z.array(labWorklistCellSchema),
});
export type LabWorklistRow = z.infer<typeof labWorklistRowSchema>;

export const labWorklistTestSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  samples: z.number().int(),
});

export const labWorklistSchema = z.object({
  day: z.string(),
  /** The tests ordered on the day's pending samples (to pick from). */
  tests: z.array(labWorklistTestSchema),
  /** The picked test's parameters (the grid's columns), null before one is picked. */
  parameters: z.array(labWorkParameterSchema).nullable(),
  rows: pagedSchema(labWorklistRowSchema),
});
export type LabWorklist = z.infer<typeof labWorklistSchema>;

/** Many visits' values in one call: all saved or none (each visit as the result entry saves it). */
export const labWorklistSaveSchema = z.object({
  items: z
    .array(labResultsSaveSchema.extend({ registrationId: text(60).min(1, 'validation.required') }))
    .min(1, 'validation.required')
    .max(100, 'validation.tooLong'),
});
export type LabWorklistSave = z.infer<typeof labWorklistSaveSchema>;

export const labWorklistSavedSchema = z.object({ saved: z.number().int() });

/**
 * An analyzer's CSV: a header row, then `barcode, parameter code, value` per row, `;` or `,`
 * separated (the header's separator; values may be quoted, decimals with a point or, with `;`, a
 * comma). At most 5,000 rows.
 */
export const CSV_MAX_ROWS = 5000;
export const labImportSchema = z.object({
  clinicId: z.number().int().positive('validation.invalid'),
  csv: z.string().min(1, 'validation.required').max(500_000, 'validation.tooLong'),
});
export type LabImport = z.infer<typeof labImportSchema>;

export const labImportRowSchema = z.object({
  line: z.number().int(),
  barcode: z.string(),
  parameterCode: z.string(),
  value: z.string(),
  queueNumber: z.string().nullable(),
  patientName: z.string().nullable(),
  /** Why the row cannot be saved (the user's language), null when ready. */
  problem: z.string().nullable(),
});
export type LabImportRow = z.infer<typeof labImportRowSchema>;

export const labImportPreviewSchema = z.object({
  rows: z.array(labImportRowSchema),
  ready: z.number().int(),
  problems: z.number().int(),
  samples: z.number().int(),
});
export type LabImportPreview = z.infer<typeof labImportPreviewSchema>;
