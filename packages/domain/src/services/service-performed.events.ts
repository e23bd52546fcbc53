import { z } from 'zod';

/** The names of the service desks' domain events (DESIGN 5). */
export const SERVICE_EVENTS = {
  /**
   * A service of the catalogue was performed on a visit: a lab report released, a radiology
   * report signed, a physiotherapy session noted, a treatment procedure done. Billing charges
   * it; SATUSEHAT sends the procedure or observation.
   */
  performed: 'service.performed',
  /**
   * A performed service was voided (a procedure recorded on the wrong visit): billing takes the
   * charge back, inventory returns the consumables. `sourceUid` names the record of the
   * `service.performed` being undone.
   */
  voided: 'service.voided',
} as const;

export const servicePerformedSchema = z.object({
  /** The visit (registration `_id`). */
  registrationId: z.string(),
  corpId: z.number().int(),
  /** The clinic whose desk performed the work. */
  clinicId: z.number().int(),
  patientId: z.number().int(),
  serviceType: z.enum(['LAB', 'RAD', 'PHYSIO', 'TREATMENT', 'MCU']),
  /** The catalogue codes performed (services.code); empty when the work named no catalogue item. */
  serviceCodes: z.array(z.string()),
  /** ICD-9-CM codes of the procedures, when the desk recorded them. */
  icd9Codes: z.array(z.string()).default([]),
  /** The record that performed it: a lab report, radiology report, physio session or procedure uid. */
  sourceUid: z.string(),
  performedBy: z.number().int().nullable(),
  performedAt: z.string(),
});
export type ServicePerformed = z.infer<typeof servicePerformedSchema>;

export const serviceVoidedSchema = z.object({
  registrationId: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  patientId: z.number().int(),
  serviceType: z.enum(['LAB', 'RAD', 'PHYSIO', 'TREATMENT', 'MCU']),
  /** The record whose `service.performed` is undone. */
  sourceUid: z.string(),
  reason: z.string(),
  voidedBy: z.number().int(),
  voidedAt: z.string(),
});
export type ServiceVoided = z.infer<typeof serviceVoidedSchema>;
