import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  addendumCreateSchema,
  encounterFinishResultSchema,
  encounterFinishSchema,
  encounterOpenSchema,
  encounterSaveSchema,
  encounterSchema,
} from './encounter.schema.ts';
import {
  recordPageSchema,
  recordPatientSchema,
  recordPatientsQuerySchema,
  recordQuerySchema,
  timelineQuerySchema,
} from './record.schema.ts';
import { templateSaveSchema, templateSchema } from './template.schema.ts';

const tags = ['consultations'] as const;
const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

/** The doctor's examination note (`/Doctor/doctor`). */
export const openEncounter = endpoint({
  method: 'POST',
  path: '/consultations/encounters',
  permission: 'encounter.write',
  tags,
  summary: 'Open the note of a called doctor visit (made the first time, the same note after)',
  body: encounterOpenSchema,
  response: encounterSchema,
  errors: conflictErrors,
});

export const readEncounter = endpoint({
  method: 'GET',
  path: '/consultations/encounters/:uid',
  permission: 'record.read',
  tags,
  summary: 'One visit’s note (audited)',
  params: uidParams,
  response: encounterSchema,
});

export const saveEncounter = endpoint({
  method: 'PUT',
  path: '/consultations/encounters/:uid',
  permission: 'encounter.write',
  tags,
  summary: 'Save the draft (whole) at the version it was read; 409 when signed or saved elsewhere',
  params: uidParams,
  body: encounterSaveSchema,
  response: encounterSchema,
  errors: conflictErrors,
  message: 'consultations.saved',
});

export const finishEncounter = endpoint({
  method: 'POST',
  path: '/consultations/encounters/:uid/finish',
  permission: 'encounter.sign',
  tags,
  summary:
    'Sign the note, send prescription and orders on and move the visit to Prescription Waiting or Payment',
  params: uidParams,
  body: encounterFinishSchema,
  response: encounterFinishResultSchema,
  errors: conflictErrors,
  // the message names where the patient goes next: `consultations.finished`
});

export const addAddendum = endpoint({
  method: 'POST',
  path: '/consultations/encounters/:uid/addenda',
  permission: 'encounter.addendum',
  tags,
  summary: 'Add an addendum to a signed note (doctors)',
  params: uidParams,
  body: addendumCreateSchema,
  response: encounterSchema,
  errors: conflictErrors,
  message: 'consultations.addendumAdded',
});

/** The record (EMR, `/Doctor/patient`): patients with a record and their visits. */
export const listRecordPatients = endpoint({
  method: 'GET',
  path: '/consultations/patients',
  permission: 'record.list',
  tags,
  summary: 'Patients with a record at the user’s clinics (mine=true: seen by the session’s doctor)',
  query: recordPatientsQuerySchema,
  response: pagedSchema(recordPatientSchema),
});

export const readRecordPatient = endpoint({
  method: 'GET',
  path: '/consultations/patients/:uid',
  permission: 'record.list',
  tags,
  summary: 'A patient’s record header (audited)',
  params: uidParams,
  response: recordPatientSchema,
});

export const patientTimeline = endpoint({
  method: 'GET',
  path: '/consultations/patients/:uid/encounters',
  permission: 'record.read',
  tags,
  summary: 'The record’s visits at the user’s clinics, newest first (audited)',
  params: uidParams,
  query: timelineQuerySchema,
  response: pagedSchema(encounterSchema),
});

/**
 * The record page (`/EMR/Detail/:uid`) in one round trip: the header and the newest visits; the
 * older ones a page at a time after the cursor (`after` = the previous answer's `next`).
 */
export const readRecord = endpoint({
  method: 'GET',
  path: '/consultations/patients/:uid/record',
  permission: 'record.read',
  tags,
  summary:
    'A patient’s record: the header and the newest visits at the user’s clinics; `after` pages on by cursor (audited)',
  params: uidParams,
  query: recordQuerySchema,
  response: recordPageSchema,
});

/** The doctor's note templates. */
export const listTemplates = endpoint({
  method: 'GET',
  path: '/consultations/templates',
  permission: 'template.manage',
  tags,
  summary: 'The session user’s note templates',
  response: z.array(templateSchema),
});

export const createTemplate = endpoint({
  method: 'POST',
  path: '/consultations/templates',
  permission: 'template.manage',
  tags,
  summary: 'Save a note template',
  body: templateSaveSchema,
  response: templateSchema,
  errors: conflictErrors,
  message: 'consultations.templateSaved',
});

export const updateTemplate = endpoint({
  method: 'PUT',
  path: '/consultations/templates/:uid',
  permission: 'template.manage',
  tags,
  summary: 'Change a note template',
  params: uidParams,
  body: templateSaveSchema,
  response: templateSchema,
  errors: conflictErrors,
  message: 'consultations.templateSaved',
});

export const deleteTemplate = endpoint({
  method: 'DELETE',
  path: '/consultations/templates/:uid',
  permission: 'template.manage',
  tags,
  summary: 'Delete a note template',
  params: uidParams,
  response: z.null(),
  message: 'consultations.templateDeleted',
});
