import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { MODALITIES, RAD_TEMPLATES } from './radiology.rules.ts';

/**
 * Radiology (issue 16 §2): the desk's worklist with accession numbers, the report of a visit
 * (draft → signed; an amendment after signing is a new version with a reason, the old kept as
 * replaced) and the images attached to the visit.
 */

export const RAD_REPORT_STATUSES = ['draft', 'signed', 'replaced'] as const;
export type RadReportStatus = (typeof RAD_REPORT_STATUSES)[number];
/** What the worklist shows and filters on: nothing written yet, a draft, signed. */
export const RAD_WORK_STATUSES = ['none', 'draft', 'signed'] as const;
export type RadWorkStatus = (typeof RAD_WORK_STATUSES)[number];

const id = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const longText = z.string().max(8000, 'validation.tooLong').nullable();

export const radiologyVisitParamsSchema = z.object({ registrationId: id });
export const radiologyImageParamsSchema = z.object({ registrationId: id, imageUid: id });
export const radiologyPatientParamsSchema = z.object({ uid: id });

export const radiologyWorklistQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive('validation.required'),
  /** The clinic-local day (YYYY-MM-DD); today when absent. */
  date: dateSchema('iso', 'validation.invalid').optional(),
  status: z.enum(RAD_WORK_STATUSES).optional(),
  /** A name fragment, a record number or an accession number. */
  search: z.string().trim().max(60, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type RadiologyWorklistQuery = z.infer<typeof radiologyWorklistQuerySchema>;

/** The order as the doctor wrote it (or the front office typed it). */
export const radiologyOrderSchema = z.object({
  items: z.array(z.string()),
  doctorName: z.string().nullable(),
  clinicName: z.string().nullable(),
  diagnosis: z.string().nullable(),
  note: z.string().nullable(),
  cito: z.boolean(),
});
export type RadiologyOrder = z.infer<typeof radiologyOrderSchema>;

export const radiologyWorklistItemSchema = z.object({
  registrationId: z.string(),
  queueNumber: z.string(),
  visitStatus: z.string(),
  arrivedAt: z.string(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }),
  accessionNumber: z.string(),
  modality: z.enum(MODALITIES),
  examination: z.string(),
  cito: z.boolean(),
  clinicalInfo: z.string().nullable(),
  status: z.enum(RAD_WORK_STATUSES),
  amended: z.boolean(),
});
export type RadiologyWorklistItem = z.infer<typeof radiologyWorklistItemSchema>;

const byWho = z.object({ name: z.string(), at: z.string() }).nullable();

export const radiologyReportSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  status: z.enum(RAD_REPORT_STATUSES),
  template: z.enum(RAD_TEMPLATES).nullable(),
  clinicalInfo: z.string().nullable(),
  findings: z.string().nullable(),
  impression: z.string().nullable(),
  amendmentReason: z.string().nullable(),
  written: byWho,
  signed: byWho,
  replacedAt: z.string().nullable(),
});
export type RadiologyReport = z.infer<typeof radiologyReportSchema>;

export const radiologyImageSchema = z.object({
  uid: z.string(),
  /** Where the screen opens it (served only to users of the visit's clinic). */
  url: z.string(),
  mimeType: z.string(),
  name: z.string().nullable(),
  sizeBytes: z.number().int(),
  caption: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.string(),
});
export type RadiologyImage = z.infer<typeof radiologyImageSchema>;

/** What the radiology desk works on for one visit. */
export const radiologyWorkSchema = z.object({
  registrationId: z.string(),
  clinicId: z.number().int(),
  queueNumber: z.string(),
  patient: z.object({
    uid: z.string(),
    name: z.string(),
    mrn: z.string(),
    sex: z.string(),
    dob: z.string(),
  }),
  accessionNumber: z.string(),
  modality: z.enum(MODALITIES),
  examination: z.string(),
  order: radiologyOrderSchema,
  /** The version being written or the signed one (never null: the visit's first touch opens it). */
  report: radiologyReportSchema,
  /** Earlier versions (replaced), newest first. */
  history: z.array(radiologyReportSchema),
  images: z.array(radiologyImageSchema),
});
export type RadiologyWork = z.infer<typeof radiologyWorkSchema>;

/** A draft's text. `version` is the version the screen showed (409 when it moved on). */
export const radiologyDraftSchema = z.object({
  version: z.number().int().min(1),
  template: z.enum(RAD_TEMPLATES).nullable(),
  clinicalInfo: longText,
  findings: longText,
  impression: longText,
});
export type RadiologyDraft = z.infer<typeof radiologyDraftSchema>;

export const radiologySignSchema = z.object({ version: z.number().int().min(1) });
export type RadiologySign = z.infer<typeof radiologySignSchema>;

export const radiologyAmendSchema = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().min(3, 'radiology.api.reasonRequired').max(500, 'validation.tooLong'),
});
export type RadiologyAmend = z.infer<typeof radiologyAmendSchema>;

/** A signed report of a patient, for the doctor's screen and the record. */
export const patientRadiologyReportSchema = z.object({
  registrationId: z.string(),
  reportUid: z.string(),
  version: z.number().int(),
  amended: z.boolean(),
  accessionNumber: z.string(),
  modality: z.enum(MODALITIES),
  examination: z.string(),
  clinicName: z.string(),
  findings: z.string().nullable(),
  impression: z.string().nullable(),
  signedBy: z.string().nullable(),
  signedAt: z.string(),
  /** The doctor's order that asked for it (service_orders uid), when it came from one. */
  serviceOrderUid: z.string().nullable(),
});
export type PatientRadiologyReport = z.infer<typeof patientRadiologyReportSchema>;
