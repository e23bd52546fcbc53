import { conflictErrors, endpoint } from '../common/contract.ts';
import {
  satusehatDeliveryParamsSchema,
  satusehatDeliverySchema,
  satusehatRefusalsQuerySchema,
  satusehatRefusalsSchema,
  satusehatSyncPageSchema,
  satusehatSyncQuerySchema,
  satusehatVisitParamsSchema,
  satusehatVisitStatusesSchema,
  satusehatVisitStatusSchema,
  satusehatVisitsQuerySchema,
} from './satusehat-sync.schema.ts';

/**
 * What was sent to SATUSEHAT (issue 19 §5): the sync screen (`/Setting/satuSehat` → "Sinkronisasi"),
 * the visit's badge in the record and the admin dashboard's count. Every call is scoped to the
 * caller's clinics; the list and "Kirim ulang" need `satusehat.manage`, the badges and the count
 * only `satusehat.status`.
 */
const tags = ['satusehatSync'] as const;

export const listSatusehatDeliveries = endpoint({
  method: 'GET',
  path: '/satu-sehat/deliveries',
  permission: 'satusehat.manage',
  tags,
  summary:
    'A clinic day’s deliveries to SATUSEHAT: sent, accepted, waiting, refused (with the platform’s message and the field it names) and blocked, with the day’s counts',
  query: satusehatSyncQuerySchema,
  response: satusehatSyncPageSchema,
});

export const resendSatusehatDelivery = endpoint({
  method: 'POST',
  path: '/satu-sehat/deliveries/:uid/resend',
  permission: 'satusehat.manage',
  tags,
  summary:
    'Kirim ulang: a refused or blocked delivery goes back to the queue, built again from the corrected data; an accepted one is refused with 409',
  params: satusehatDeliveryParamsSchema,
  response: satusehatDeliverySchema,
  errors: conflictErrors,
  message: 'satusehatSync.requeued',
});

export const getSatusehatVisitStatus = endpoint({
  method: 'GET',
  path: '/satu-sehat/visits/:registrationId',
  permission: 'satusehat.status',
  tags,
  summary:
    'One visit’s deliveries to SATUSEHAT and the worst of their states (the record asks for a page of visits at once)',
  params: satusehatVisitParamsSchema,
  response: satusehatVisitStatusSchema,
});

/**
 * The badges of a page of the record in one call (not one per card). A visit outside the caller's
 * clinics, of another corporate or unknown is left out of the answer, as if it did not exist.
 */
export const getSatusehatVisitStatuses = endpoint({
  method: 'GET',
  path: '/satu-sehat/visits',
  permission: 'satusehat.status',
  tags,
  summary:
    'The deliveries to SATUSEHAT and their worst state of each asked visit (at most 50, a page of the record), in the order asked; visits outside the caller’s clinics are left out',
  query: satusehatVisitsQuerySchema,
  response: satusehatVisitStatusesSchema,
});

export const getSatusehatRefusals = endpoint({
  method: 'GET',
  path: '/satu-sehat/refusals',
  permission: 'satusehat.status',
  tags,
  summary:
    'How many deliveries of the caller’s clinics are refused, blocked or waiting (the admin’s dashboard card)',
  query: satusehatRefusalsQuerySchema,
  response: satusehatRefusalsSchema,
});
