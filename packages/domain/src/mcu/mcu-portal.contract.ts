import { endpoint } from '../common/contract.ts';
import {
  mcuPortalEventsSchema,
  mcuPortalInvoicesSchema,
  mcuPortalParamsSchema,
  mcuPortalParticipantQuerySchema,
  mcuPortalParticipantsSchema,
} from './mcu-portal.schema.ts';

/**
 * The company portal (`/Portal/mcu`, issue 20 §8): the HR user's own company only (from the
 * login, never from the request), every read audited; another company's event is not found (404).
 */
export const getMcuPortalEvents = endpoint({
  method: 'GET',
  path: '/mcu/portal/events',
  permission: 'mcu.portal',
  tags: ['mcuPortal'],
  summary: 'The caller’s company’s MCU events with their participants’ progress',
  response: mcuPortalEventsSchema,
});

export const getMcuPortalParticipants = endpoint({
  method: 'GET',
  path: '/mcu/portal/events/:uid/participants',
  permission: 'mcu.portal',
  tags: ['mcuPortal'],
  summary:
    'An event of the caller’s company: its participants’ progress and approved categories; medical details only with the participant’s consent',
  params: mcuPortalParamsSchema,
  query: mcuPortalParticipantQuerySchema,
  response: mcuPortalParticipantsSchema,
});

export const getMcuPortalInvoices = endpoint({
  method: 'GET',
  path: '/mcu/portal/invoices',
  permission: 'mcu.portal',
  tags: ['mcuPortal'],
  summary: 'The invoices issued to the caller’s company, with their status and what is still open',
  response: mcuPortalInvoicesSchema,
});
