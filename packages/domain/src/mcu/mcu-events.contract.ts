import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  mcuCheckInSchema,
  mcuEventParamsSchema,
  mcuEventQuerySchema,
  mcuEventSaveSchema,
  mcuEventSchema,
  mcuImportResultSchema,
  mcuParticipantAddSchema,
  mcuParticipantParamsSchema,
  mcuParticipantQuerySchema,
  mcuParticipantSchema,
  mcuParticipantUpdateSchema,
} from './mcu-events.schema.ts';

/** MCU events, their participants, the participant import and the check-in (issue 20 §2). */
const tags = ['mcu'] as const;

export const listMcuEvents = endpoint({
  method: 'GET',
  path: '/mcu/events',
  permission: 'mcu.read',
  tags,
  summary:
    'The corporate’s MCU events at the caller’s sites, with progress (registered, in progress, done, approved)',
  query: mcuEventQuerySchema,
  response: pagedSchema(mcuEventSchema),
});

export const getMcuEvent = endpoint({
  method: 'GET',
  path: '/mcu/events/:uid',
  permission: 'mcu.read',
  tags,
  summary: 'One MCU event with its job-group packages and progress',
  params: mcuEventParamsSchema,
  response: mcuEventSchema,
});

export const createMcuEvent = endpoint({
  method: 'POST',
  path: '/mcu/events',
  permission: 'mcu.manage',
  tags,
  summary: 'Creates a company’s MCU event at an MCU site of the caller’s',
  body: mcuEventSaveSchema,
  response: mcuEventSchema,
  message: 'mcuSetup.eventCreated',
});

export const updateMcuEvent = endpoint({
  method: 'PUT',
  path: '/mcu/events/:uid',
  permission: 'mcu.manage',
  tags,
  summary: 'Changes an MCU event (closed: no import, no check-in)',
  params: mcuEventParamsSchema,
  body: mcuEventSaveSchema,
  response: mcuEventSchema,
  errors: conflictErrors,
  message: 'mcuSetup.eventSaved',
});

export const listMcuParticipants = endpoint({
  method: 'GET',
  path: '/mcu/events/:uid/participants',
  permission: 'mcu.read',
  tags,
  summary: 'An event’s participants, by status, searched by name, NIK, employee number or MCU number, paged',
  params: mcuEventParamsSchema,
  query: mcuParticipantQuerySchema,
  response: pagedSchema(mcuParticipantSchema),
});

export const importMcuParticipants = endpoint({
  method: 'POST',
  path: '/mcu/events/:uid/participants/import',
  permission: 'mcu.manage',
  tags,
  summary:
    'Imports the company’s participant sheet (xlsx, multipart field "file"): valid rows upserted by employee number, each invalid row reported',
  params: mcuEventParamsSchema,
  multipart: true,
  response: mcuImportResultSchema,
  errors: { 409: errorAnswer, 413: errorAnswer },
  message: 'mcuSetup.imported',
});

export const addMcuParticipant = endpoint({
  method: 'POST',
  path: '/mcu/events/:uid/participants',
  permission: 'mcu.manage',
  tags,
  summary:
    'Adds (or changes, by employee number) one participant typed like a sheet row: a rejected row fixed',
  params: mcuEventParamsSchema,
  body: mcuParticipantAddSchema,
  response: mcuImportResultSchema,
  errors: conflictErrors,
  message: 'mcuSetup.imported',
});

export const mcuParticipantTemplate = endpoint({
  method: 'GET',
  path: '/mcu/events/:uid/participants/template.xlsx',
  permission: 'mcu.manage',
  tags,
  summary: 'The xlsx template of the participant import, with the event’s job groups',
  params: mcuEventParamsSchema,
  response: z.undefined(),
  raw: true,
});

export const updateMcuParticipant = endpoint({
  method: 'PUT',
  path: '/mcu/participants/:uid',
  permission: 'mcu.manage',
  tags,
  summary: 'Fixes one participant: department, job, job group (package; before check-in), consent to share',
  params: mcuParticipantParamsSchema,
  body: mcuParticipantUpdateSchema,
  response: mcuParticipantSchema,
  errors: conflictErrors,
  message: 'mcuSetup.participantSaved',
});

export const checkInMcuParticipant = endpoint({
  method: 'POST',
  path: '/mcu/participants/:uid/check-in',
  permission: 'mcu.manage',
  tags,
  summary:
    'Checks a participant in: the MCU service visit at the event’s site (company payer), service.performed for the package; idempotent',
  params: mcuParticipantParamsSchema,
  response: mcuCheckInSchema,
  errors: conflictErrors,
  message: 'mcuSetup.checkedIn',
});
