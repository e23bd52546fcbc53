import { z } from 'zod';

/** The lab samples' domain events (DESIGN 5). */
export const LAB_SPECIMEN_EVENTS = {
  /**
   * A container of a lab visit's sample was filled (the sample taken): inventory takes the
   * container and, with the visit's first blood container, the venipuncture set out of the
   * clinic's lab stock.
   */
  collected: 'lab.specimen.collected',
} as const;

export const labSpecimenCollectedSchema = z.object({
  /** The visit (registration `_id`). */
  registrationId: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  specimenUid: z.string(),
  /** The catalogue's container (edta, plain, urinePot …). */
  container: z.string(),
  collectedBy: z.number().int(),
  collectedAt: z.string(),
});
export type LabSpecimenCollected = z.infer<typeof labSpecimenCollectedSchema>;
