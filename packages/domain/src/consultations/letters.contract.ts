import { endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { letterCreateSchema, letterListQuerySchema, letterSchema } from './letter.schema.ts';

const tags = ['letters'] as const;
const uidParams = z.object({ uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

/** Health certificates, sick-leave and referral letters (`/Doctor/itemSuratSehat`). */
export const createLetter = endpoint({
  method: 'POST',
  path: '/consultations/letters',
  permission: 'letter.issue',
  tags,
  summary: 'Write a health certificate or sick-leave letter from a visit; answers it with its number',
  body: letterCreateSchema,
  response: letterSchema,
  // the message names the letter's number: `letters.created`
});

export const listLetters = endpoint({
  method: 'GET',
  path: '/consultations/letters',
  permission: 'letter.read',
  tags,
  summary: 'Letters of a patient or a visit at the user’s clinics, newest first',
  query: letterListQuerySchema,
  response: pagedSchema(letterSchema),
});

/**
 * The printed letter and visit (application/pdf, A4): raw answers, not envelopes. The browser
 * opens them in a new tab by URL (`pdfUrl`), not through the typed client.
 */
export const letterPdf = endpoint({
  method: 'GET',
  path: '/consultations/letters/:uid/pdf',
  permission: 'letter.read',
  tags,
  summary: 'The letter as printed (application/pdf, A4); audited',
  params: uidParams,
  response: z.undefined(),
  raw: true,
});

export const encounterPdf = endpoint({
  method: 'GET',
  path: '/consultations/encounters/:uid/pdf',
  permission: 'letter.read',
  tags,
  summary:
    'One visit printed: vitals, SOAP, diagnoses, prescription, orders, addenda (application/pdf); audited',
  params: uidParams,
  response: z.undefined(),
  raw: true,
});
