import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  labAmendSchema,
  labResultsSaveSchema,
  labVisitParamsSchema,
  labWorkSchema,
  patientLabResultSchema,
  patientLabResultsParamsSchema,
  patientLabResultsQuerySchema,
} from './lab-results.schema.ts';

/**
 * Lab results of a lab visit: read the work (order, tests, ranges, report), save the values of
 * the whole order in one call, validate, release (`lab.result.released`), amend. The visit's id is
 * the registration's `_id`; the clinic comes from the visit and must be in the caller's scope.
 */
const tags = ['labResults'] as const;

export const getLabWork = endpoint({
  method: 'GET',
  path: '/lab-results/visits/:registrationId',
  permission: 'lab.result.enter',
  tags,
  summary: 'The order of a lab visit with its tests, parameters, ranges for this patient and the report',
  params: labVisitParamsSchema,
  response: labWorkSchema,
});

export const saveLabResults = endpoint({
  method: 'PUT',
  path: '/lab-results/visits/:registrationId/values',
  permission: 'lab.result.enter',
  tags,
  summary:
    'Save the values of the whole order in one call (flags and calculated parameters computed; idempotent; 409 after validation or when the version moved on)',
  params: labVisitParamsSchema,
  body: labResultsSaveSchema,
  response: labWorkSchema,
  errors: conflictErrors,
  message: 'labResults.saved',
});

export const validateLabResults = endpoint({
  method: 'POST',
  path: '/lab-results/visits/:registrationId/validate',
  permission: 'lab.result.validate',
  tags,
  summary: 'Validate the report (409 while a value is empty)',
  params: labVisitParamsSchema,
  response: labWorkSchema,
  errors: conflictErrors,
  message: 'labResults.validated',
});

export const releaseLabResults = endpoint({
  method: 'POST',
  path: '/lab-results/visits/:registrationId/release',
  permission: 'lab.result.validate',
  tags,
  summary: 'Release a validated report: the doctor and the record see it; emits lab.result.released',
  params: labVisitParamsSchema,
  response: labWorkSchema,
  errors: conflictErrors,
  message: 'labResults.released',
});

export const amendLabResults = endpoint({
  method: 'POST',
  path: '/lab-results/visits/:registrationId/amend',
  permission: 'lab.result.validate',
  tags,
  summary: 'Open a new version of a released report with a reason; the released one is kept as replaced',
  params: labVisitParamsSchema,
  body: labAmendSchema,
  response: labWorkSchema,
  errors: conflictErrors,
  message: 'labResults.amended',
});

export const listPatientLabResults = endpoint({
  method: 'GET',
  path: '/lab-results/patients/:uid',
  permission: 'record.read',
  tags,
  summary: 'A patient’s released lab results, newest first (one parameter’s trend with ?parameter=)',
  params: patientLabResultsParamsSchema,
  query: patientLabResultsQuerySchema,
  response: z.array(patientLabResultSchema),
});
