// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/**
 * Physiotherapy (issue 16 §3): the doctor's referral → the first assessment (pain on the NRS,
 * range of motion, muscle strength on the MMT, function) → a programme of N sessions → one note
 * per session visit with the pain before and after → re-evaluations → completed or stopped.
 */

export const PHYSIO_PROGRAMME_STATUSES = ['active', 'completed', 'stopped'] as const;
export type PhysioProgrammeStatus = (typeof PHYSIO_PROGRAMME_STATUSES)[number];
export const PHYSIO_SESSION_KINDS = ['session', 'reevaluation'] as const;
export type PhysioSessionKind = (typeof PHYSIO_SESSION_KINDS)[number];
export const MAX_PLANNED_SESSIONS = 30;

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const requiredText = (max: number) => text(max).min(1, 'validation.required');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** Numeric Rating Scale: 0 no pain … 10 the worst imaginable. */
export const painScaleSchema = z
  .number('physio.painRange')
  .int('physio.painRange')
  .min(0, 'physio.painRange')
  .max(10, 'physio.painRange');

export const rangeOfMotionRowSchema = z.object({
  joint: requiredText(60),
  movement: requiredText(60),
  degrees: z
    .number('physio.degreesRange')
    .int('physio.degreesRange')
    .min(0, 'physio.degreesRange')
    .max(360, 'physio.degreesRange'),
});
export type RangeOfMotionRow = z.infer<typeof rangeOfMotionRowSchema>;

/** Manual muscle testing grade 0 (no contraction) … 5 (normal). */
export const strengthRowSchema = z.object({
  muscle: requiredText(60),
  grade: z
    .number('physio.gradeRange')
    .int('physio.gradeRange')
    .min(0, 'physio.gradeRange')
    .max(5, 'physio.gradeRange'),
});
export type StrengthRow = z.infer<typeof strengthRowSchema>;

/** The measures besides pain, taken at the assessment and at each re-evaluation. */
export const physioMeasuresSchema = z.object({
  rangeOfMotion: z.array(rangeOfMotionRowSchema).max(20, 'validation.tooLong').default([]),
  strength: z.array(strengthRowSchema).max(20, 'validation.tooLong').default([]),
  function: optionalText(1000),
});

export const physioAssessmentSchema = physioMeasuresSchema.extend({ painScale: painScaleSchema });
export type PhysioAssessment = z.output<typeof physioAssessmentSchema>;

export const physioVisitParamsSchema = z.object({
  registrationId: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});
export const physioPatientParamsSchema = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** The first assessment on the referral visit opens the programme. */
export const physioProgrammeCreateSchema = z.object({
  referral: optionalText(1000),
  diagnosis: requiredText(300),
  assessment: physioAssessmentSchema,
  goals: optionalText(1000),
  plannedSessions: z
    .number('physio.plannedRange')
    .int('physio.plannedRange')
    .min(1, 'physio.plannedRange')
    .max(MAX_PLANNED_SESSIONS, 'physio.plannedRange'),
});
export type PhysioProgrammeCreate = z.input<typeof physioProgrammeCreateSchema>;
export type PhysioProgrammeCreated = z.output<typeof physioProgrammeCreateSchema>;

/** The note of this visit's session; a re-evaluation carries new measures. */
export const physioSessionCreateSchema = z.object({
  kind: z.enum(PHYSIO_SESSION_KINDS).default('session'),
  painBefore: painScaleSchema,
  painAfter: painScaleSchema,
  interventions: requiredText(1000),
  note: optionalText(1000),
  measures: physioMeasuresSchema.nullable().optional(),
});
export type PhysioSessionCreate = z.input<typeof physioSessionCreateSchema>;
export type PhysioSessionNoted = z.output<typeof physioSessionCreateSchema>;

export const physioProgrammeCloseSchema = z.object({
  status: z.enum(['completed', 'stopped']),
  reason: optionalText(500),
});
export type PhysioProgrammeClose = z.input<typeof physioProgrammeCloseSchema>;
export type PhysioProgrammeClosed = z.output<typeof physioProgrammeCloseSchema>;

export const physioSessionSchema = z.object({
  uid: z.string(),
  registrationId: z.string(),
  sessionNumber: z.number().int(),
  kind: z.enum(PHYSIO_SESSION_KINDS),
  painBefore: z.number().int(),
  painAfter: z.number().int(),
  rangeOfMotion: z.array(rangeOfMotionRowSchema),
  strength: z.array(strengthRowSchema),
  function: z.string().nullable(),
  interventions: z.string().nullable(),
  note: z.string().nullable(),
  performedBy: z.string().nullable(),
  performedAt: z.string(),
});
export type PhysioSession = z.infer<typeof physioSessionSchema>;

export const physioProgrammeSchema = z.object({
  uid: z.string(),
  status: z.enum(PHYSIO_PROGRAMME_STATUSES),
  clinicName: z.string(),
  /** The visit of the first assessment. */
  registrationId: z.string(),
  referral: z.string().nullable(),
  diagnosis: z.string().nullable(),
  assessment: z.object({
    painScale: z.number().int(),
    rangeOfMotion: z.array(rangeOfMotionRowSchema),
    strength: z.array(strengthRowSchema),
    function: z.string().nullable(),
  }),
  goals: z.string().nullable(),
  plannedSessions: z.number().int(),
  sessionsDone: z.number().int(),
  remaining: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Oldest first. */
  sessions: z.array(physioSessionSchema),
});
export type PhysioProgramme = z.infer<typeof physioProgrammeSchema>;

/** What the physiotherapist works on for one visit. */
export const physioVisitSchema = z.object({
  registrationId: z.string(),
  clinicId: z.number().int(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }),
  /** The doctor's referral (the order this visit came from), when there is one. */
  order: z.object({
    doctorName: z.string().nullable(),
    clinicName: z.string().nullable(),
    diagnosis: z.string().nullable(),
    note: z.string().nullable(),
    items: z.array(z.string()),
  }),
  /** The patient's active programme, or the one this visit opened or noted. */
  programme: physioProgrammeSchema.nullable(),
  /** This visit's session note, once written. */
  session: physioSessionSchema.nullable(),
});
export type PhysioVisit = z.infer<typeof physioVisitSchema>;

/** For the front office: the patient's active programme in numbers (null: none). */
export const physioRemainingSchema = z
  .object({
    programmeUid: z.string(),
    clinicName: z.string(),
    plannedSessions: z.number().int(),
    sessionsDone: z.number().int(),
    remaining: z.number().int(),
  })
  .nullable();
export type PhysioRemaining = z.infer<typeof physioRemainingSchema>;
