import { endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  patientCreateSchema,
  patientEditSchema,
  patientListQuerySchema,
  patientListRowSchema,
  patientSummarySchema,
  patientViewSchema,
} from './patient.schema.ts';

/** The patient master (`/MasterPasien`, `/patient`) and the front office's patient search. */
const tags = ['patients'] as const;
const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

/** A refused write with a machine code and the patients it collided with (`nikTaken`, `likelyDuplicate`). */
export const patientRefusalSchema = errorAnswer.extend({
  code: z.string().optional(),
  data: z.object({ candidates: z.array(patientSummarySchema) }).optional(),
});
export type PatientRefusalAnswer = z.infer<typeof patientRefusalSchema>;
const writeErrors = { 400: patientRefusalSchema, 409: patientRefusalSchema } as const;

export const listPatients = endpoint({
  method: 'GET',
  path: '/patients',
  permission: 'patient.read',
  tags,
  summary: 'One page of the corporate’s patients; search by name, NIK, record number or phone',
  query: patientListQuerySchema,
  response: pagedSchema(patientListRowSchema),
});

export const getPatient = endpoint({
  method: 'GET',
  path: '/patients/:uid',
  permission: 'patient.read',
  tags,
  summary: 'One patient (audited)',
  params: uidParams,
  response: patientViewSchema,
});

/** Answers `patients.created` naming the record number. */
export const createPatient = endpoint({
  method: 'POST',
  path: '/patients',
  permission: 'patient.write',
  tags,
  summary: 'Register a patient; the record number is allocated per clinic',
  body: patientCreateSchema,
  response: patientViewSchema,
  errors: writeErrors,
});

export const updatePatient = endpoint({
  method: 'PATCH',
  path: '/patients/:uid',
  permission: 'patient.write',
  tags,
  summary:
    'Change a patient: only the fields sent; staff of a clinic that registered or served the patient, or a corporate role',
  params: uidParams,
  body: patientEditSchema,
  response: patientViewSchema,
  errors: writeErrors,
  message: 'patients.saved',
});

export const deletePatient = endpoint({
  method: 'DELETE',
  path: '/patients/:uid',
  permission: 'patient.delete',
  tags,
  summary: 'Remove a patient (soft delete; restorable from the trash); the same clinics as for a change',
  params: uidParams,
  response: z.undefined(),
  message: 'patients.deleted',
});
