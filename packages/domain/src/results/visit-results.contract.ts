import { endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  resultVisitSchema,
  resultVisitsQuerySchema,
  visitResultsParamsSchema,
  visitResultsSchema,
} from './visit-results.schema.ts';

/**
 * The printable results of a visit (`/Layanan/previewHasilnonMcu`): visits of the caller's clinics,
 * or ordered from them (Menteng's order done at Cikarang's lab), with released or signed results.
 */
const tags = ['visitResults'] as const;

export const listResultVisits = endpoint({
  method: 'GET',
  path: '/visit-results/visits',
  permission: 'result.read',
  tags,
  summary: 'Visits with released results, by day, patient name, MRN or queue number (paged)',
  query: resultVisitsQuerySchema,
  response: pagedSchema(resultVisitSchema),
});

export const getVisitResults = endpoint({
  method: 'GET',
  path: '/visit-results/visits/:registrationId',
  permission: 'result.read',
  tags,
  summary:
    'A visit’s released lab results, signed radiology reports, physiotherapy notes and procedures; audited',
  params: visitResultsParamsSchema,
  response: visitResultsSchema,
});

export const visitLabPdf = endpoint({
  method: 'GET',
  path: '/visit-results/visits/:registrationId/lab-pdf',
  permission: 'result.read',
  tags,
  summary: 'The visit’s released lab results as printed (application/pdf, A4); audited',
  params: visitResultsParamsSchema,
  response: z.undefined(),
  raw: true,
});
