import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { REGISTRATION_STATUSES } from './registration.rules.ts';
import {
  availableDoctorSchema,
  availableDoctorsQuerySchema,
  displayBoardSchema,
  displayLinkSchema,
  labListQuerySchema,
  labPreAssSchema,
  partnerCompanySchema,
  queuePrefixesBodySchema,
  queuePrefixesSchema,
  registrationCountsQuerySchema,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationPatchSchema,
  registrationSchema,
} from './registration.schema.ts';

const tags = ['registrations'] as const;

/** A refused registration; `duplicateVisit` names the patient's active visit of today it repeats. */
export const registrationRefusalSchema = errorAnswer.extend({
  code: z.literal('duplicateVisit').optional(),
  data: z
    .object({
      existing: z.object({
        _id: z.string(),
        queueNumber: z.string(),
        status: z.enum(REGISTRATION_STATUSES),
      }),
    })
    .optional(),
});
export type RegistrationRefusalAnswer = z.infer<typeof registrationRefusalSchema>;
const idParams = z.object({ id: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const clinicQuery = z.object({ clinicId: z.coerce.number().int().positive('validation.invalid') });

/** Registrations and queues (spec 2.7, 2.8, 4, 7). */
export const createRegistration = endpoint({
  method: 'POST',
  path: '/registrations/registrations',
  permission: 'registration.create',
  tags,
  summary:
    'Register a visit for today; answers the registration with its queue number. A second active visit of the patient today with the same doctor (or service) is refused (409, code duplicateVisit) unless confirmDuplicate is true',
  body: registrationCreateSchema,
  response: registrationSchema,
  errors: { ...conflictErrors, 409: registrationRefusalSchema },
  // the message names the queue number: `registrations.created`
});

export const listRegistrations = endpoint({
  method: 'GET',
  path: '/registrations/registrations',
  permission: 'queue.read',
  tags,
  summary: 'A clinic’s registrations of a day range (default today), filtered and paged',
  query: registrationListQuerySchema,
  response: pagedSchema(registrationSchema),
});

export const registrationStatusCounts = endpoint({
  method: 'GET',
  path: '/registrations/registrations/counts',
  permission: 'queue.read',
  tags,
  summary: 'Every status with its count under the list’s other filters (the board’s status chips)',
  query: registrationCountsQuerySchema,
  response: z.record(z.enum(REGISTRATION_STATUSES), z.number().int()),
});

export const getRegistration = endpoint({
  method: 'GET',
  path: '/registrations/registrations/:id',
  permission: 'queue.read',
  tags,
  summary: 'One registration',
  params: idParams,
  response: registrationSchema,
});

export const patchRegistration = endpoint({
  method: 'PATCH',
  path: '/registrations/registrations/:id',
  permission: 'queue.read',
  tags,
  summary: 'Call, skip or move a registration (status machine of spec 4) or set its lab flags',
  params: idParams,
  body: registrationPatchSchema,
  response: registrationSchema,
  errors: conflictErrors,
  // the message names the move (`registrations.updated`) or the flags (`registrations.flagsUpdated`)
});

export const listAvailableDoctors = endpoint({
  method: 'GET',
  path: '/registrations/doctors/available',
  permission: 'queue.read',
  tags,
  summary: 'Doctors with a slot at the clinic on a day (default today) and their quota',
  query: availableDoctorsQuerySchema,
  response: z.array(availableDoctorSchema),
});

export const listPartnerCompanies = endpoint({
  method: 'GET',
  path: '/registrations/companies',
  permission: 'company.read',
  tags,
  summary: 'The corporate’s active partner companies (payers)',
  response: z.array(partnerCompanySchema),
});

export const getQueuePrefixes = endpoint({
  method: 'GET',
  path: '/registrations/queue-prefixes',
  permission: 'queue.read',
  tags,
  summary: 'The clinic’s queue-number prefixes per service (and for BPJS doctor visits)',
  query: clinicQuery,
  response: queuePrefixesSchema,
});

export const saveQueuePrefixes = endpoint({
  method: 'PUT',
  path: '/registrations/queue-prefixes',
  permission: 'queue.configure',
  tags,
  summary: 'Set the clinic’s queue-number prefixes; they apply to the next registrations',
  body: queuePrefixesBodySchema,
  response: queuePrefixesSchema,
  message: 'registrations.prefixesSaved',
});

export const getDisplayLink = endpoint({
  method: 'GET',
  path: '/registrations/display-link',
  permission: 'queue.configure',
  tags,
  summary: 'The clinic’s waiting-room display link (null when none was made)',
  query: clinicQuery,
  response: displayLinkSchema,
});

export const renewDisplayLink = endpoint({
  method: 'POST',
  path: '/registrations/display-link',
  permission: 'queue.configure',
  tags,
  summary: 'Make a new display link for the clinic; the old one stops working',
  body: clinicQuery,
  response: displayLinkSchema,
  message: 'registrations.displayCreated',
});

/** The waiting-room display: no staff login, opened with the clinic's display link. */
export const displayBoard = endpoint({
  method: 'GET',
  path: '/display/:token',
  public: true,
  tags: ['display'],
  summary: 'The waiting-room display of a clinic: latest calls and waiting counts (no names)',
  params: tokenParams,
  response: displayBoardSchema,
});

/**
 * The display's live stream (text/event-stream, not an envelope): the route turns the reply into
 * the stream; the browser opens it with an EventSource, not through the typed client.
 */
export const displayEvents = endpoint({
  method: 'GET',
  path: '/display/:token/events',
  public: true,
  tags: ['display'],
  summary: 'Registration events of the display’s clinic as server-sent events',
  params: tokenParams,
  response: z.undefined(),
  raw: true,
});

/** The service desks (lab, MCU, radiology, physio): their list of visits. */
export const listServiceQueue = endpoint({
  method: 'GET',
  path: '/registrations/registrations/lab/mcu/populate/labpreass',
  permission: 'serviceQueue.read',
  tags,
  summary: 'The lab / MCU / physio list: service registrations the visibility rule lets through',
  query: labListQuerySchema,
  response: pagedSchema(registrationSchema),
  // spec 3: the rows are the envelope's `data`, the paging beside it
  pagingBeside: true,
});

export const getLabPreAss = endpoint({
  method: 'GET',
  path: '/assesments/lab_mcu_assesment/LabPreAss/:id',
  permission: 'serviceQueue.read',
  tags,
  summary: 'The lab pre-assessment of a registration (kept by the lab screens as the examination)',
  params: idParams,
  response: labPreAssSchema,
});
