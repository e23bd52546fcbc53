import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import {
  eligibilitySaveSchema,
  eligibilitySchema,
  insurerParamsSchema,
  insurerQuerySchema,
  insurerSaveSchema,
  insurerSchema,
  visitParamsSchema,
} from './insurer.schema.ts';

/**
 * The insurer master (issue 18 §6; `/MedicalServices/Insurance`): the corporate's insurers, TPAs
 * and BPJS with their coverage rules, and the eligibility noted on an insurance visit. An insurer
 * of another corporate is not found (404); a visit outside the caller's clinics is not found.
 */
const tags = ['insurers'] as const;

export const listInsurers = endpoint({
  method: 'GET',
  path: '/insurers',
  permission: 'company.read',
  tags,
  summary: 'The corporate’s insurers, searched by name or code, by kind and active, paged',
  query: insurerQuerySchema,
  response: pagedSchema(insurerSchema),
});

export const getInsurer = endpoint({
  method: 'GET',
  path: '/insurers/:uid',
  permission: 'company.read',
  tags,
  summary: 'An insurer: contact, payment terms and coverage',
  params: insurerParamsSchema,
  response: insurerSchema,
});

export const createInsurer = endpoint({
  method: 'POST',
  path: '/insurers',
  permission: 'insurer.manage',
  tags,
  summary: 'Add an insurer (409 when the corporate has one of that name)',
  body: insurerSaveSchema,
  response: insurerSchema,
  errors: conflictErrors,
  message: 'insurers.saved',
});

export const updateInsurer = endpoint({
  method: 'PUT',
  path: '/insurers/:uid',
  permission: 'insurer.manage',
  tags,
  summary: 'Change an insurer (409 when another has the name)',
  params: insurerParamsSchema,
  body: insurerSaveSchema,
  response: insurerSchema,
  errors: conflictErrors,
  message: 'insurers.saved',
});

export const deactivateInsurer = endpoint({
  method: 'POST',
  path: '/insurers/:uid/deactivate',
  permission: 'insurer.manage',
  tags,
  summary: 'Deactivate an insurer (no longer offered as payer; its visits stay)',
  params: insurerParamsSchema,
  response: insurerSchema,
  message: 'insurers.deactivated',
});

export const recordEligibility = endpoint({
  method: 'PUT',
  path: '/insurers/visits/:visitUid/eligibility',
  permission: 'registration.create',
  tags,
  summary:
    'Note the insurer and the eligibility checked for an insurance or BPJS visit (409 on another payer type or a posted bill)',
  params: visitParamsSchema,
  body: eligibilitySaveSchema,
  response: eligibilitySchema,
  errors: conflictErrors,
  message: 'insurers.eligibilitySaved',
});
