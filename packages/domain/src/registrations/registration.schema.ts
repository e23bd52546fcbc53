// the shared issue messages come with every schema, in the browser as on the server
import { dateSchema, daysBetween, dmyToDay, LIST_MAX_DAYS } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { ELIGIBILITY_STATUSES, INSURER_KINDS } from '../insurers/insurer.constants.ts';
import { PATIENT_SEXES, PATIENT_TITLES, PAYER_TYPES } from '../patients/patient.schema.ts';
import {
  normaliseStatus,
  ORDER_TYPES,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  SERVICE_TYPES,
  type ServiceType,
} from './registration.rules.ts';

const dmySchema = dateSchema('dmy', 'registrations.dateFormat');

const statusSchema = z
  .string()
  .transform((v, ctx) => {
    const status = normaliseStatus(v);
    if (!status) ctx.addIssue({ code: 'custom', message: 'registrations.statusUnknown' });
    return status as RegistrationStatus;
  })
  .pipe(z.enum(REGISTRATION_STATUSES));

/** 'Waiting_Queueing_Skip' (spec 7: statuses joined by underscores) → the statuses. */
const underscoreStatuses = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const out: RegistrationStatus[] = [];
    for (const part of v.split('_').filter(Boolean)) {
      const status = normaliseStatus(part);
      if (!status) {
        ctx.addIssue({ code: 'custom', message: 'registrations.statusUnknown' });
        return z.NEVER;
      }
      out.push(status);
    }
    return out;
  });

/** 'MCU_TREATMENT_RAD_LAB' → the services. */
const underscoreServices = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const out: ServiceType[] = [];
    for (const part of v.split('_').filter(Boolean)) {
      if (!(SERVICE_TYPES as readonly string[]).includes(part)) {
        ctx.addIssue({ code: 'custom', message: 'registrations.serviceUnknown' });
        return z.NEVER;
      }
      out.push(part as ServiceType);
    }
    return out;
  });

const clinicIdSchema = z.coerce.number().int('validation.invalid').positive('validation.invalid');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullable()
    .optional()
    .transform((v) => v || null);

/**
 * The eligibility the clerk checked with the visit's insurer (the shape of the insurers' own
 * check, with this catalogue's messages: every desk loads this schema).
 */
const registrationEligibilitySchema = z.object({
  status: z.enum(ELIGIBILITY_STATUSES, 'registrations.eligibilityStatusInvalid'),
  reference: nullableText(100),
  coveredAmount: z
    .number('registrations.amountWhole')
    .int('registrations.amountWhole')
    .min(0, 'registrations.amountWhole')
    .max(100_000_000_000, 'validation.tooLong')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  note: nullableText(300),
});

/** `POST registrations/registrations`: a visit to a doctor or a service, today. */
export const registrationCreateSchema = z
  .object({
    clinicId: clinicIdSchema,
    /** The patient's public id (`uid`). */
    patientId: z.string().trim().min(1, 'registrations.patientRequired').max(60, 'validation.tooLong'),
    orderType: z.enum(ORDER_TYPES, 'registrations.orderTypeRequired'),
    serviceType: z.enum(SERVICE_TYPES, 'registrations.serviceUnknown').nullish(),
    doctorId: z.coerce.number().int('validation.invalid').positive('validation.invalid').nullish(),
    payerType: z.enum(PAYER_TYPES, 'registrations.payerRequired'),
    companyId: z.coerce.number().int('validation.invalid').positive('validation.invalid').nullish(),
    insuranceName: optionalText(100),
    insuranceNumber: optionalText(40),
    /**
     * The insurer of the master paying an insurance or BPJS visit (its `uid`, issue 18 §6); the
     * server checks it is an active one of the corporate. Old clients send `insuranceName` only.
     */
    insurerUid: z.string().trim().max(60, 'validation.tooLong').optional(),
    /** The eligibility the clerk checked with that insurer; absent: not checked yet. */
    eligibility: registrationEligibilitySchema.optional(),
    referrer: optionalText(100),
    complaint: optionalText(500),
    /**
     * The clerk confirmed a second active visit of the patient today with the same doctor (or
     * service): without it the server refuses it with 409 `duplicateVisit`.
     */
    confirmDuplicate: z.boolean('validation.invalid').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.orderType === 'doctor' && !v.doctorId)
      ctx.addIssue({ code: 'custom', path: ['doctorId'], message: 'registrations.doctorRequired' });
    if (v.orderType === 'service' && !v.serviceType)
      ctx.addIssue({ code: 'custom', path: ['serviceType'], message: 'registrations.serviceRequired' });
    if (v.payerType === 'company' && !v.companyId)
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'registrations.companyRequired' });
    const insured = v.payerType === 'insurance' || v.payerType === 'bpjs';
    if (v.payerType === 'insurance' && !v.insuranceName && !v.insurerUid)
      ctx.addIssue({ code: 'custom', path: ['insuranceName'], message: 'registrations.insuranceRequired' });
    if (v.insurerUid && !insured)
      ctx.addIssue({ code: 'custom', path: ['insurerUid'], message: 'registrations.insurerNotInsured' });
    if (v.eligibility && !v.insurerUid)
      ctx.addIssue({ code: 'custom', path: ['insurerUid'], message: 'registrations.insurerRequired' });
  });
export type RegistrationCreateInput = z.infer<typeof registrationCreateSchema>;

/**
 * `PATCH registrations/registrations/{id}` (spec 7: updateField.status, clinicId, doctorId).
 * `fromStatus`, when sent, makes the move conditional: someone else moved it first → 409.
 */
export const registrationPatchSchema = z.object({
  updateField: z
    .object({
      status: statusSchema.optional(),
      flaggingSamplingDone: z.boolean().optional(),
      dataLabPreAss: z.object({ isDone: z.boolean().optional(), radDone: z.boolean().optional() }).optional(),
    })
    .refine((u) => Object.values(u).some((v) => v !== undefined), 'registrations.nothingToChange'),
  clinicId: clinicIdSchema,
  doctorId: z.coerce.number().int().positive().nullish(),
  fromStatus: statusSchema.optional(),
});
export type RegistrationPatchInput = z.infer<typeof registrationPatchSchema>;

export const REGISTRATION_ORDERS = [
  'arrivedAt_1',
  'arrivedAt_-1',
  'queueNumber_-1',
  'queueNumber_1',
] as const;

/**
 * `GET registrations/registrations` (spec 7): order=arrivedAt_1, limit (≤ 1000), orderType,
 * status (underscore-joined), clinicId, doctor.doctorId, startDate, endDate (D_M_Y, the end
 * exclusive: the client sends one day later), search; no dates means the clinic's today.
 */
const registrationFilterSchema = z.object({
  clinicId: clinicIdSchema,
  order: z.enum(REGISTRATION_ORDERS, 'validation.invalid').default('arrivedAt_1'),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(1000, 'validation.invalid').default(50),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  orderType: z.enum(ORDER_TYPES, 'validation.invalid').optional(),
  serviceType: underscoreServices.optional(),
  status: underscoreStatuses.optional(),
  'doctor.doctorId': z.coerce.number().int().positive('validation.invalid').optional(),
  startDate: dmySchema.optional(),
  endDate: dmySchema.optional(),
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
});

/**
 * A list that carries NIK and phone covers at most LIST_MAX_DAYS days (endDate exclusive); the
 * server checks it again when startDate is left to the clinic's today.
 */
function withinListSpan(v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  const from = v.startDate ? dmyToDay(v.startDate) : null;
  const to = v.endDate ? dmyToDay(v.endDate) : null;
  if (from && to && daysBetween(from, to) > LIST_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'registrations.dateSpan' });
}

export const registrationListQuerySchema = registrationFilterSchema.superRefine(withinListSpan);
export type RegistrationListQuery = z.infer<typeof registrationListQuerySchema>;
/** The status chips: counts only (no patient data), so the day range is not bounded. */
export const registrationCountsQuerySchema = registrationFilterSchema;

/** `GET registrations/registrations/lab/mcu/populate/labpreass` (spec 7). */
export const labListQuerySchema = z
  .object({
    clinicId: clinicIdSchema,
    order: z.enum(REGISTRATION_ORDERS, 'validation.invalid').default('arrivedAt_1'),
    orderType: z.literal('service', 'validation.invalid').default('service'),
    serviceType: underscoreServices.optional(),
    startDate: dmySchema.optional(),
    endDate: dmySchema.optional(),
    // spec 9 reads 100000 in one place and 50 in another: 50 a page, paged
    limit: z.coerce.number().int().min(1, 'validation.invalid').max(100000, 'validation.invalid').default(50),
    page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
    search: z.string().trim().max(100, 'validation.tooLong').optional(),
  })
  .superRefine(withinListSpan);
export type LabListQuery = z.infer<typeof labListQuerySchema>;

/** A registration as the API answers it, with the spec's field names (spec 3). */
export const registrationSchema = z.object({
  _id: z.string(),
  clinicId: z.number().int(),
  queueNumber: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  patient: z.object({
    uid: z.string(),
    mrn: z.string(),
    firstName: z.string(),
    name: z.string(),
    title: z.enum(PATIENT_TITLES).nullable(),
    sex: z.enum(PATIENT_SEXES),
    /** DD/MM/YYYY */
    dob: z.string(),
    age: z.object({ years: z.number().int(), months: z.number().int() }),
    nik: z.string().nullable(),
    phone: z.string().nullable(),
    allergies: z.string().nullable(),
  }),
  doctor: z.object({ doctorId: z.number().int(), name: z.string() }).nullable(),
  payerType: z.enum(PAYER_TYPES),
  /** The partner company paying, or null (spec 4's visibility rule reads it). */
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  insuranceName: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  /** The insurer of the master paying the visit (null: none noted, or an old free-text one). */
  insurer: z.object({ uid: z.string(), name: z.string(), kind: z.enum(INSURER_KINDS) }).nullish(),
  /** The eligibility noted with that insurer (null: not checked). */
  eligibility: z
    .object({
      status: z.enum(ELIGIBILITY_STATUSES),
      reference: z.string().nullable(),
      coveredAmount: z.number().int().nullable(),
      note: z.string().nullable(),
      checkedAt: z.string().nullable(),
    })
    .nullish(),
  referrer: z.string().nullable(),
  complaint: z.string().nullable(),
  /** Where the patient is called to ('Poli Umum', 'Laboratorium'). */
  room: z.string(),
  queueIDMobile: z.string().nullable(),
  flaggingSamplingDone: z.boolean(),
  dataLabPreAss: z.object({ isDone: z.boolean(), radDone: z.boolean() }),
  /** The clinic-local day of the queue, YYYY-MM-DD. */
  queueDate: z.string(),
  arrivedAt: z.string(),
  calledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** A doctor who practises at the clinic on a day, with the day's quota. */
export const availableDoctorSchema = z.object({
  doctorId: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  specialist: z.string().nullable(),
  room: z.string(),
  /** 'HH:mm - HH:mm' */
  slots: z.array(z.string()),
  /** 0: no limit set */
  limit: z.number().int(),
  booked: z.number().int(),
  full: z.boolean(),
});
export type AvailableDoctor = z.infer<typeof availableDoctorSchema>;

export const availableDoctorsQuerySchema = z.object({
  clinicId: clinicIdSchema,
  /** D_M_Y; the clinic's today when absent. */
  date: dmySchema.optional(),
});

export const partnerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

/** The waiting-room display's view (no staff login; opened with the clinic's display link). */
export const displayCallSchema = z.object({
  _id: z.string(),
  queueNumber: z.string(),
  room: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  calledAt: z.string(),
});
export type DisplayCall = z.infer<typeof displayCallSchema>;

export const displayBoardSchema = z.object({
  clinicName: z.string(),
  timeZone: z.string(),
  /** Latest calls first. */
  calls: z.array(displayCallSchema),
  /** Waiting per room. */
  waiting: z.array(z.object({ room: z.string(), count: z.number().int() })),
  serverTime: z.string(),
});
export type DisplayBoard = z.infer<typeof displayBoardSchema>;

export const displayLinkSchema = z.object({ token: z.string().nullable(), path: z.string().nullable() });
export type DisplayLink = z.infer<typeof displayLinkSchema>;

/** The lab pre-assessment of a service registration (`GET assesments/lab_mcu_assesment/LabPreAss/{id}`). */
export const labPreAssSchema = z.object({
  registration: registrationSchema,
  isDone: z.boolean(),
  radDone: z.boolean(),
  flaggingSamplingDone: z.boolean(),
});
export type LabPreAss = z.infer<typeof labPreAssSchema>;

/** Live event types of registrations (DESIGN 5). */
export const REGISTRATION_EVENTS = {
  created: 'registration.created',
  updated: 'registration.updated',
  called: 'registration.called',
} as const;

const prefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,3}$/, 'registrations.prefixFormat');

/**
 * A clinic's queue prefixes (`GET/PUT registrations/queue-prefixes`): doctor visits, BPJS doctor
 * visits and each service. Services may share a counter by sharing a prefix.
 */
export const queuePrefixesSchema = z.object({
  doctor: prefixSchema,
  bpjs: prefixSchema,
  LAB: prefixSchema,
  RAD: prefixSchema,
  MCU: prefixSchema,
  TREATMENT: prefixSchema,
  PHYSIO: prefixSchema,
});
export type QueuePrefixesInput = z.infer<typeof queuePrefixesSchema>;
export const queuePrefixesBodySchema = z.object({
  clinicId: z.coerce.number().int('validation.invalid').positive('validation.invalid'),
  prefixes: queuePrefixesSchema,
});
