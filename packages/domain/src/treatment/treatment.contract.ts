import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  patientTreatmentProcedureSchema,
  treatmentOptionsQuerySchema,
  treatmentOptionsSchema,
  treatmentPatientParamsSchema,
  treatmentProcedureCreateSchema,
  treatmentProcedureParamsSchema,
  treatmentVisitParamsSchema,
  treatmentVisitSchema,
  treatmentVoidSchema,
  treatmentWorklistQuerySchema,
  treatmentWorklistSchema,
} from './treatment.schema.ts';

/**
 * The treatment room: its worklist (the clinic's TREATMENT visits of a day), a visit's order and
 * procedures, recording a procedure (emits service.performed) and voiding one with a reason.
 */
const tags = ['treatment'] as const;

export const listTreatmentVisits = endpoint({
  method: 'GET',
  path: '/treatment/visits',
  permission: 'service.perform.TREATMENT',
  tags,
  summary:
    'The clinic’s treatment visits of a day (today by default), searchable by name, MRN or queue number',
  query: treatmentWorklistQuerySchema,
  response: treatmentWorklistSchema,
});

export const getTreatmentVisit = endpoint({
  method: 'GET',
  path: '/treatment/visits/:registrationId',
  permission: 'service.perform.TREATMENT',
  tags,
  summary: 'A treatment visit: the doctor’s order and the procedures done',
  params: treatmentVisitParamsSchema,
  response: treatmentVisitSchema,
});

export const getTreatmentOptions = endpoint({
  method: 'GET',
  path: '/treatment/options',
  permission: 'service.perform.TREATMENT',
  tags,
  summary: 'The catalogue’s procedures and the clinic’s staff, for the procedure form',
  query: treatmentOptionsQuerySchema,
  response: treatmentOptionsSchema,
});

export const recordTreatmentProcedure = endpoint({
  method: 'POST',
  path: '/treatment/visits/:registrationId/procedures',
  permission: 'service.perform.TREATMENT',
  tags,
  summary:
    'Record a procedure done on the visit (a retry with the same requestKey records nothing twice; emits service.performed)',
  params: treatmentVisitParamsSchema,
  body: treatmentProcedureCreateSchema,
  response: treatmentVisitSchema,
  errors: conflictErrors,
  message: 'treatment.recorded',
});

export const voidTreatmentProcedure = endpoint({
  method: 'POST',
  path: '/treatment/procedures/:uid/void',
  permission: 'service.perform.TREATMENT',
  tags,
  summary: 'Void a procedure with a reason (it stays on the visit, marked)',
  params: treatmentProcedureParamsSchema,
  body: treatmentVoidSchema,
  response: treatmentVisitSchema,
  errors: conflictErrors,
  message: 'treatment.voided',
});

export const listPatientTreatmentProcedures = endpoint({
  method: 'GET',
  path: '/treatment/patients/:uid/procedures',
  permission: 'record.read',
  tags,
  summary:
    'A patient’s treatment procedures, newest first, voided ones left out (the doctor’s screen and the record)',
  params: treatmentPatientParamsSchema,
  response: z.array(patientTreatmentProcedureSchema),
});
