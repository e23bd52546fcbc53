import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  patientRadiologyReportSchema,
  radiologyAmendSchema,
  radiologyDraftSchema,
  radiologyImageParamsSchema,
  radiologyPatientParamsSchema,
  radiologySignSchema,
  radiologyVisitParamsSchema,
  radiologyWorklistItemSchema,
  radiologyWorklistQuerySchema,
  radiologyWorkSchema,
} from './radiology.schema.ts';

/**
 * Radiology of a visit (issue 16 §2): the day's worklist, the report (draft, sign, amend), the
 * images and the report PDF. The visit's id is the registration's `_id`; it must be a radiology
 * (or MCU) visit of a clinic of the caller's — any other is not found.
 */
const tags = ['radiology'] as const;

export const radiologyWorklist = endpoint({
  method: 'GET',
  path: '/radiology/worklist',
  permission: 'service.perform.RAD',
  tags,
  summary:
    'The clinic’s radiology visits of a day with accession number, modality, examination and report status (paged)',
  query: radiologyWorklistQuerySchema,
  response: pagedSchema(radiologyWorklistItemSchema),
});

export const getRadiologyWork = endpoint({
  method: 'GET',
  path: '/radiology/visits/:registrationId',
  permission: 'service.perform.RAD',
  tags,
  summary: 'The order, the report (current version and history) and the images of a radiology visit',
  params: radiologyVisitParamsSchema,
  response: radiologyWorkSchema,
});

export const saveRadiologyDraft = endpoint({
  method: 'PUT',
  path: '/radiology/visits/:registrationId/report',
  permission: 'service.perform.RAD',
  tags,
  summary: 'Save the draft’s text (idempotent; 409 once signed or when the version moved on)',
  params: radiologyVisitParamsSchema,
  body: radiologyDraftSchema,
  response: radiologyWorkSchema,
  errors: conflictErrors,
  message: 'radiology.saved',
});

export const signRadiologyReport = endpoint({
  method: 'POST',
  path: '/radiology/visits/:registrationId/sign',
  permission: 'radiology.sign',
  tags,
  summary:
    'Sign the draft (409 while findings or impression are empty): sets radDone, emits service.performed',
  params: radiologyVisitParamsSchema,
  body: radiologySignSchema,
  response: radiologyWorkSchema,
  errors: conflictErrors,
  message: 'radiology.signed',
});

export const amendRadiologyReport = endpoint({
  method: 'POST',
  path: '/radiology/visits/:registrationId/amend',
  permission: 'radiology.sign',
  tags,
  summary: 'Open a new version of a signed report with a reason; the signed one is kept as replaced',
  params: radiologyVisitParamsSchema,
  body: radiologyAmendSchema,
  response: radiologyWorkSchema,
  errors: conflictErrors,
  message: 'radiology.amended',
});

export const uploadRadiologyImage = endpoint({
  method: 'POST',
  path: '/radiology/visits/:registrationId/images',
  permission: 'service.perform.RAD',
  tags,
  summary:
    'Attach an image (multipart field "file": JPEG, PNG, PDF or DICOM, at most 10 MB; field "caption")',
  params: radiologyVisitParamsSchema,
  multipart: true,
  response: radiologyWorkSchema,
  errors: { 413: errorAnswer, ...conflictErrors },
  message: 'radiology.imageAdded',
});

export const removeRadiologyImage = endpoint({
  method: 'DELETE',
  path: '/radiology/visits/:registrationId/images/:imageUid',
  permission: 'service.perform.RAD',
  tags,
  summary: 'Remove an image from the visit (kept, marked removed; 409 once the report is signed)',
  params: radiologyImageParamsSchema,
  response: radiologyWorkSchema,
  errors: conflictErrors,
  message: 'radiology.imageRemoved',
});

export const radiologyImageFile = endpoint({
  method: 'GET',
  path: '/radiology/visits/:registrationId/images/:imageUid/file',
  permission: 'result.read',
  tags,
  summary: 'The image’s bytes, to users of the visit’s clinic only',
  params: radiologyImageParamsSchema,
  raw: true,
  response: z.unknown(),
});

export const radiologyReportPdf = endpoint({
  method: 'GET',
  path: '/radiology/visits/:registrationId/pdf',
  permission: 'result.read',
  tags,
  summary: 'The signed report as an A4 PDF with the clinic’s letterhead ("Laporan diubah" when amended)',
  params: radiologyVisitParamsSchema,
  raw: true,
  response: z.unknown(),
  errors: conflictErrors,
});

export const listPatientRadiologyReports = endpoint({
  method: 'GET',
  path: '/radiology/patients/:uid/reports',
  permission: 'record.read',
  tags,
  summary: 'A patient’s signed radiology reports, newest first (the doctor’s screen and the record)',
  params: radiologyPatientParamsSchema,
  response: z.array(patientRadiologyReportSchema),
});
