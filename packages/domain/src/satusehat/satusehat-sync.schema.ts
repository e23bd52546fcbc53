import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';

/**
 * What Klinikita sends to SATUSEHAT and how it went (issue 19 §3–§5). One delivery is one
 * transaction Bundle (or one resource where the platform takes no bundle) built from a domain
 * event at the time it is sent:
 * - `encounter`: after `encounter.finished`, the Encounter with its Conditions (ICD-10, ranked),
 *   vital-sign Observations, Procedures, MedicationRequests and AllergyIntolerances;
 * - `dispense`: after `prescription.dispensed`, each MedicationDispense with its Medication (KFA);
 * - `lab`: after `lab.result.released`, ServiceRequest → Specimen → Observation → DiagnosticReport.
 * A dispense or lab delivery waits until its visit's Encounter is accepted (it references it).
 */
export const SATUSEHAT_DELIVERY_KINDS = ['encounter', 'dispense', 'lab'] as const;
export type SatusehatDeliveryKind = (typeof SATUSEHAT_DELIVERY_KINDS)[number];

/**
 * - `waiting`: queued, or to be retried after a 429, 5xx or network failure (`nextAttemptAt`);
 * - `accepted`: the platform took it (a `duplicate` answer counts: it was there already);
 * - `refused`: a 4xx, parked with the platform's message until "Kirim ulang" after a correction;
 * - `blocked`: cannot be built yet (`blockedReason`): a missing IHS number, KFA code, settings…
 */
export const SATUSEHAT_DELIVERY_STATES = ['waiting', 'accepted', 'refused', 'blocked'] as const;
export type SatusehatDeliveryState = (typeof SATUSEHAT_DELIVERY_STATES)[number];

/** Why a delivery cannot be built; each has its words in `satusehatSync.blocked.<reason>`. */
export const SATUSEHAT_BLOCKED_REASONS = [
  'notConfigured',
  'patientNoNik',
  'patientNotFound',
  'doctorNoIhs',
  'locationNotRegistered',
  'encounterNotAccepted',
  'visitWithoutEncounter',
  'drugNoKfa',
  'labNoLoinc',
  'nothingToSend',
] as const;
export type SatusehatBlockedReason = (typeof SATUSEHAT_BLOCKED_REASONS)[number];

/** A resource the platform took: its type, its id there, and what it is here. */
export const satusehatPlatformIdSchema = z.object({
  resourceType: z.string(),
  id: z.string(),
  /** e.g. `Condition:J06.9`, `Observation:8867-4` */
  local: z.string(),
});
export type SatusehatPlatformId = z.infer<typeof satusehatPlatformIdSchema>;

const id = z.coerce.number().int('validation.invalid').positive('validation.invalid');
export const SATUSEHAT_SYNC_PAGE_SIZE = 50;

/** `GET /satu-sehat/deliveries`: one clinic of the caller's scope, one clinic day. */
export const satusehatSyncQuerySchema = z.object({
  clinicId: id,
  date: dateSchema('iso', 'satusehatSync.dateInvalid'),
  state: z.enum(SATUSEHAT_DELIVERY_STATES, 'validation.invalid').optional(),
  kind: z.enum(SATUSEHAT_DELIVERY_KINDS, 'validation.invalid').optional(),
  /** A patient's name or record number, or a registration number */
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  page: id.max(10_000, 'validation.invalid').default(1),
  limit: id.max(100, 'validation.invalid').default(SATUSEHAT_SYNC_PAGE_SIZE),
});
export type SatusehatSyncQuery = z.infer<typeof satusehatSyncQuerySchema>;

export const satusehatDeliverySchema = z.object({
  uid: z.string(),
  kind: z.enum(SATUSEHAT_DELIVERY_KINDS),
  state: z.enum(SATUSEHAT_DELIVERY_STATES),
  /** The visit (registration uid), its number and day */
  registrationId: z.string(),
  registrationNo: z.string(),
  patientName: z.string(),
  medicalRecordNo: z.string().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** HTTP status of the last answer (0: no answer) */
  lastStatus: z.number().int().nullable(),
  /** The platform's words, in Indonesian where the code is known */
  message: z.string().nullable(),
  /** The OperationOutcome issue code (`value`, `required`…): the screen explains the known ones (`issueKey`) */
  issueCode: z.string().nullable(),
  /** The field the platform named (`Encounter.period.start`) */
  expression: z.string().nullable(),
  blockedReason: z.enum(SATUSEHAT_BLOCKED_REASONS).nullable(),
  platformIds: z.array(satusehatPlatformIdSchema),
});
export type SatusehatDelivery = z.infer<typeof satusehatDeliverySchema>;

export const satusehatSyncCountsSchema = z.object({
  waiting: z.number().int(),
  accepted: z.number().int(),
  refused: z.number().int(),
  blocked: z.number().int(),
});
export type SatusehatSyncCounts = z.infer<typeof satusehatSyncCountsSchema>;

export const satusehatSyncPageSchema = pagedSchema(satusehatDeliverySchema).extend({
  /** The day's counts per state, whatever the filters */
  counts: satusehatSyncCountsSchema,
});
export type SatusehatSyncPage = z.infer<typeof satusehatSyncPageSchema>;

const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
export const satusehatDeliveryParamsSchema = z.object({ uid: uidSchema });
export const satusehatVisitParamsSchema = z.object({ registrationId: uidSchema });
/**
 * Visits asked at once: a page of the record (`recordQuerySchema` answers at most 50 visits a
 * page), so that the record asks once per page of its cards.
 */
export const SATUSEHAT_VISITS_MAX = 50;
/**
 * `GET /satu-sehat/visits?registrationIds=a,b,c`: the registrations' public ids joined by commas
 * (as the other lists join their values in one parameter); repeated ids count once.
 */
export const satusehatVisitsQuerySchema = z.object({
  registrationIds: z
    .string('satusehatSync.visitsRequired')
    .transform((v) => [...new Set(v.split(',').map((uid) => uid.trim()))].filter(Boolean))
    .pipe(
      z
        .array(uidSchema)
        .min(1, 'satusehatSync.visitsRequired')
        .max(SATUSEHAT_VISITS_MAX, 'satusehatSync.visitsTooMany'),
    ),
});
/** The dashboard's count: the caller's clinics, or one of them */
export const satusehatRefusalsQuerySchema = z.object({ clinicId: id.optional() });

/** The visit's badge in the record: the worst state of its deliveries, and each of them. */
export const satusehatVisitStatusSchema = z.object({
  registrationId: z.string(),
  /** null: nothing to send yet (the visit is not finished) */
  state: z.enum(SATUSEHAT_DELIVERY_STATES).nullable(),
  deliveries: z.array(satusehatDeliverySchema),
});
export type SatusehatVisitStatus = z.infer<typeof satusehatVisitStatusSchema>;
/** The badges of a page of the record: the asked visits of the caller's clinics, in the order asked. */
export const satusehatVisitStatusesSchema = z.array(satusehatVisitStatusSchema);

/** The admin's dashboard card: refusals and blocked deliveries of the caller's clinics. */
export const satusehatRefusalsSchema = z.object({
  refused: z.number().int(),
  blocked: z.number().int(),
  waiting: z.number().int(),
});
export type SatusehatRefusals = z.infer<typeof satusehatRefusalsSchema>;
