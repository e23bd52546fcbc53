import { z } from 'zod';

/** The names of the MCU module's domain events (DESIGN 5; issue 20). */
export const MCU_EVENTS = {
  /**
   * A participant's conclusion was approved (version 1, or an amendment's new version). Billing
   * posts the participant's MCU visit bill as the company's receivable (the participant pays
   * nothing at a counter); an amendment changes nothing there (the bill is posted already).
   */
  conclusionApproved: 'mcu.conclusion.approved',
} as const;

export const mcuConclusionApprovedSchema = z.object({
  participantUid: z.string(),
  conclusionUid: z.string(),
  version: z.number().int(),
  /** The participant's MCU visit (registration `_id`); null when they never checked in. */
  registrationId: z.string().nullable(),
  corpId: z.number().int(),
  /** The MCU site of the event. */
  clinicId: z.number().int(),
  companyId: z.number().int(),
  patientId: z.number().int(),
  /** The category code approved. */
  category: z.string(),
  approvedBy: z.number().int(),
  approvedAt: z.string(),
});
export type McuConclusionApproved = z.infer<typeof mcuConclusionApprovedSchema>;
