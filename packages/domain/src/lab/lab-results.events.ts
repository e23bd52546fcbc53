import { z } from 'zod';
import { LAB_FLAGS } from './lab-results.schema.ts';

/**
 * Domain events of lab results (DESIGN 5). A consumer parses the payload with its schema: an
 * event that does not parse is retried and then parked, never half-applied.
 */
export { LAB_RESULT_EVENTS } from './lab-results.event-names.ts';

export const labResultReleasedSchema = z.object({
  /** The lab visit (registration `_id`). */
  registrationId: z.string(),
  reportUid: z.string(),
  /** 1, or the amendment's version (> 1). */
  version: z.number().int(),
  /** The clinic whose lab performed the work. */
  clinicId: z.number().int(),
  corpId: z.number().int(),
  patientId: z.number().int(),
  /** The clinic of the doctor's order, when the visit came from one (Menteng's order done at Cikarang). */
  orderingClinicId: z.number().int().optional(),
  /** Results beyond a critical limit (LL / HH): the doctor is to be told at once. */
  critical: z.array(
    z.object({
      parameterCode: z.string(),
      value: z.union([z.number(), z.string()]),
      flag: z.enum(LAB_FLAGS),
    }),
  ),
  /** The codes of the lab tests (services) with results. */
  services: z.array(z.string()),
});
export type LabResultReleased = z.infer<typeof labResultReleasedSchema>;
