import { endpoint, errorAnswer } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';

const nikParams = z.object({ nik: z.string().regex(/^\d{16}$/, 'satusehat.nikInvalid') });

/** `GET /satu-sehat/practitioner-ihs-by-nik/{nik}` (spec 7): the practitioner's SATUSEHAT id. */
export const practitionerIhsByNik = endpoint({
  method: 'GET',
  path: '/satu-sehat/practitioner-ihs-by-nik/:nik',
  session: true,
  tags: ['satusehat'],
  summary:
    'IHS number of a health worker, looked up at SATUSEHAT by NIK with the clinic’s settings: any NIK with satusehat.lookup (patient and staff masters), otherwise only the caller’s own saved NIK (403)',
  params: nikParams,
  response: z.object({ ihsNumber: z.string() }),
  // no clinic chosen (409), the platform refused (502) or is not configured (503)
  errors: { 409: errorAnswer, 502: errorAnswer, 503: errorAnswer },
  message: 'satusehat.ihsFound',
});
