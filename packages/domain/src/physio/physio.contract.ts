import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  physioPatientParamsSchema,
  physioProgrammeCloseSchema,
  physioProgrammeCreateSchema,
  physioProgrammeSchema,
  physioRemainingSchema,
  physioSessionCreateSchema,
  physioVisitParamsSchema,
  physioVisitSchema,
} from './physio.schema.ts';

/**
 * Physiotherapy of a PHYSIO visit (the registration's `_id`): the referral, the programme opened
 * by the first assessment, one session note per visit, re-evaluation, completion. The visit's
 * clinic must be one of the caller's; the patient's programme is found by the patient.
 */
const tags = ['physio'] as const;

export const getPhysioVisit = endpoint({
  method: 'GET',
  path: '/physio/visits/:registrationId',
  permission: 'service.perform.PHYSIO',
  tags,
  summary:
    'A physiotherapy visit: the doctor’s referral, the patient’s active programme and this visit’s note',
  params: physioVisitParamsSchema,
  response: physioVisitSchema,
});

export const createPhysioProgramme = endpoint({
  method: 'POST',
  path: '/physio/visits/:registrationId/programme',
  permission: 'service.perform.PHYSIO',
  tags,
  summary:
    'Open the programme from the first assessment (409 when the patient has an active one; a retry answers the same programme)',
  params: physioVisitParamsSchema,
  body: physioProgrammeCreateSchema,
  response: physioVisitSchema,
  errors: conflictErrors,
  message: 'physio.programmeCreated',
});

export const notePhysioSession = endpoint({
  method: 'POST',
  path: '/physio/visits/:registrationId/session',
  permission: 'service.perform.PHYSIO',
  tags,
  summary:
    'Note this visit’s session or re-evaluation (numbered; one per visit, a retry creates nothing; emits service.performed)',
  params: physioVisitParamsSchema,
  body: physioSessionCreateSchema,
  response: physioVisitSchema,
  errors: conflictErrors,
  message: 'physio.sessionSaved',
});

export const closePhysioProgramme = endpoint({
  method: 'POST',
  path: '/physio/visits/:registrationId/programme/close',
  permission: 'service.perform.PHYSIO',
  tags,
  summary: 'Complete or stop the patient’s active programme',
  params: physioVisitParamsSchema,
  body: physioProgrammeCloseSchema,
  response: physioVisitSchema,
  errors: conflictErrors,
  message: 'physio.programmeClosed',
});

export const getPatientPhysioProgramme = endpoint({
  method: 'GET',
  path: '/physio/patients/:uid/programme',
  permission: 'service.perform.PHYSIO',
  tags,
  summary: 'The patient’s active programme with its sessions (null: none)',
  params: physioPatientParamsSchema,
  response: physioProgrammeSchema.nullable(),
});

export const getPhysioRemaining = endpoint({
  method: 'GET',
  path: '/physio/patients/:uid/remaining',
  permission: 'patient.read',
  tags,
  summary: 'Sessions remaining of the patient’s active programme, for the front office (null: none)',
  params: physioPatientParamsSchema,
  response: physioRemainingSchema,
});

export const listPatientPhysioProgrammes = endpoint({
  method: 'GET',
  path: '/physio/patients/:uid/programmes',
  permission: 'record.read',
  tags,
  summary:
    'A patient’s physiotherapy programmes with their sessions, newest first (the doctor’s screen and the record)',
  params: physioPatientParamsSchema,
  response: z.array(physioProgrammeSchema),
});
