import { z } from 'zod';
import { ORDER_SERVICES } from './consultation.rules.ts';
import { referralDraftSchema } from './encounter.schema.ts';

/**
 * Domain events of the examination (DESIGN 5). A consumer parses the payload with its schema:
 * an event that does not parse is retried and then parked, never half-applied.
 */
export const ENCOUNTER_EVENTS = {
  /** The doctor signed the note: orders go to their service desks, the referral becomes a letter. */
  finished: 'encounter.finished',
} as const;

export const encounterFinishedSchema = z.object({
  encounterUid: z.string(),
  encounterId: z.number().int(),
  registrationUid: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  patientId: z.number().int(),
  patientUid: z.string(),
  doctorId: z.number().int().nullable(),
  doctorName: z.string().nullable(),
  /** Who signed, from where: the consumers' audit rows name them. */
  actor: z.object({ userId: z.number().int(), ip: z.string().nullable() }),
  payer: z.object({
    payerType: z.string(),
    companyId: z.number().int().nullable(),
    insuranceName: z.string().nullable(),
    insuranceNumber: z.string().nullable(),
  }),
  orders: z.array(
    z.object({
      uid: z.string(),
      serviceType: z.enum(ORDER_SERVICES),
      items: z.array(z.string()),
      note: z.string().nullable(),
    }),
  ),
  referral: referralDraftSchema.nullable(),
  prescriptionUid: z.string().nullable(),
  nextStatus: z.string(),
});
export type EncounterFinished = z.infer<typeof encounterFinishedSchema>;
