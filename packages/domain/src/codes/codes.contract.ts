import { endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  clinicCodeListQuerySchema,
  clinicCodeSchema,
  codeSearchQuerySchema,
  codeSystemParamsSchema,
  codeUpdateSchema,
  medicalCodeSchema,
} from './code.schema.ts';

/** ICD-10 diagnoses and ICD-9-CM procedures: search as the doctor types, clinic favourites and titles. */
const tags = ['codes'] as const;

export const searchCodes = endpoint({
  method: 'GET',
  path: '/codes/:system',
  permission: 'code.read',
  tags,
  summary:
    'Search codes by code or by words in Indonesian or English; the clinic’s favourites first (empty search: the favourites)',
  params: codeSystemParamsSchema,
  query: codeSearchQuerySchema,
  response: z.array(medicalCodeSchema),
});

export const updateCode = endpoint({
  method: 'PUT',
  path: '/codes/:system/:code',
  permission: 'code.manage',
  tags,
  summary: 'Mark a code as a clinic favourite and/or correct its titles for the clinic',
  params: codeSystemParamsSchema.extend({
    code: z.string().trim().min(1, 'validation.required').max(10, 'validation.tooLong'),
  }),
  body: codeUpdateSchema,
  response: medicalCodeSchema,
  message: 'codes.saved',
});

export const listClinicCodes = endpoint({
  method: 'GET',
  path: '/clinic-codes',
  permission: 'code.read',
  tags,
  summary:
    'The title corrections and favourites of a clinic (without one: of every clinic in scope), the shipped titles beside the clinic’s, searched by code or title, paged',
  query: clinicCodeListQuerySchema,
  response: pagedSchema(clinicCodeSchema),
});
