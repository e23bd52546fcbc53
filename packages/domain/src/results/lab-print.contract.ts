import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';

/**
 * The lab result sheet from the lab's and the doctor's screens, and the doctor's badge list. Apart
 * from `visit-results.contract.ts` so that those screens carry no `/Layanan/previewHasilnonMcu`
 * messages (their schemas use the shared issue messages only).
 */
const tags = ['labResults'] as const;

const registrationParams = z.object({
  registrationId: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** A critical value (flag HH or LL) of a released report, as the doctor's alert names it. */
export const releasedCriticalValueSchema = z.object({
  nameId: z.string(),
  nameEn: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  unit: z.string().nullable(),
  flag: z.enum(['HH', 'LL']),
});
export type ReleasedCriticalValue = z.infer<typeof releasedCriticalValueSchema>;

/** A patient with lab results released in the last day (the doctor's sidebar badge and alert). */
export const releasedLabPatientSchema = z.object({
  patientUid: z.string(),
  patientName: z.string(),
  /** The newest release (an amendment released again counts anew). */
  releasedAt: z.string(),
  /** Whether the newest release holds a critical value, and which (in print order). */
  critical: z.boolean(),
  criticalValues: z.array(releasedCriticalValueSchema),
});
export type ReleasedLabPatient = z.infer<typeof releasedLabPatientSchema>;

/** The same sheet from the lab's own screen. */
export const labWorkPdf = endpoint({
  method: 'GET',
  path: '/lab-results/visits/:registrationId/pdf',
  permission: 'lab.result.enter',
  tags,
  summary: 'The lab visit’s released results as printed (application/pdf, A4); audited',
  params: registrationParams,
  response: z.undefined(),
  raw: true,
});

/** The same sheet from the doctor's screen and the record. */
export const recordLabPdf = endpoint({
  method: 'GET',
  path: '/lab-results/records/:registrationId/pdf',
  permission: 'record.read',
  tags,
  summary: 'A released lab report of the record as printed (application/pdf, A4); audited',
  params: registrationParams,
  response: z.undefined(),
  raw: true,
});

/**
 * Patients whose lab results were released in the last 24 hours at the reader's clinics or for
 * their orders: the doctor's sidebar marks those not yet seen (tag `labResults`: the live
 * `lab.result.released` refetches it).
 */
export const listReleasedLabPatients = endpoint({
  method: 'GET',
  path: '/lab-results/released-patients',
  permission: 'record.read',
  tags,
  summary:
    'Patients with lab results released in the last 24 hours, critical values named (the doctor’s badge)',
  response: z.array(releasedLabPatientSchema),
});
