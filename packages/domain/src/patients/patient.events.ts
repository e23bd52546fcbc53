import { z } from 'zod';

/**
 * Domain events of the patient master (DESIGN 5). A consumer parses the payload with its schema:
 * an event that does not parse is retried and then parked, never half-applied.
 */
export const PATIENT_EVENTS = {
  /** A new patient was saved: SATUSEHAT looks up the IHS number by NIK (or the mother's). */
  registered: 'patient.registered',
  /** The NIK or the mother's NIK changed: the IHS number is looked up again. */
  identityChanged: 'patient.identity-changed',
} as const;

export const patientIdentityEventSchema = z.object({
  patientId: z.number().int(),
  patientUid: z.string(),
  corpId: z.number().int(),
  /** The clinic whose SATUSEHAT settings serve the lookup */
  clinicId: z.number().int(),
});
export type PatientIdentityEvent = z.infer<typeof patientIdentityEventSchema>;
