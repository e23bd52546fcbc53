import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
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

/**
 * The company recap of an event of the caller's company as xlsx (the clinic's recap): categories
 * once approved; the medical columns empty for participants who did not consent. A raw answer.
 */
export const getMcuPortalRecap = endpoint({
  method: 'GET',
  path: '/mcu/portal/events/:uid/recap.xlsx',
  permission: 'mcu.portal',
  tags: ['mcuPortal'],
  summary:
    'The recap xlsx of an event of the caller’s company; medical columns only for participants who consented',
  params: mcuPortalParamsSchema,
  response: z.undefined(),
  raw: true,
});
