import { z } from 'zod';

/** The pharmacy queue's live events (open screens refetch; the waiting room calls the patient). */
export const PHARMACY_LIVE = {
  updated: 'prescription.updated',
  /** The drugs are ready: the waiting-room display may call the patient to the counter. */
  ready: 'prescription.ready',
} as const;

/** Domain events of the pharmacy (DESIGN 5), through the outbox. */
export const PHARMACY_EVENTS = {
  /** Drugs were handed over: per line and batch the quantity and the price, for billing. */
  dispensed: 'prescription.dispensed',
} as const;

export const prescriptionDispensedSchema = z.object({
  prescriptionUid: z.string(),
  registrationUid: z.string(),
  corpId: z.number().int(),
  clinicId: z.number().int(),
  patientId: z.number().int(),
  status: z.string(),
  requestKey: z.string(),
  actor: z.object({ userId: z.number().int(), ip: z.string().nullable() }),
  lines: z.array(
    z.object({
      line: z.number().int(),
      itemUid: z.string(),
      name: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      /** Base units. */
      quantity: z.number(),
      baseUnit: z.string(),
      /** Rupiah per base unit. */
      unitPrice: z.number().int(),
      /** A racikan's ingredient (its index in the line) the stock was taken for; null for a plain line. */
      ingredient: z.number().int().nullable(),
    }),
  ),
  /** Why batches other than first-expiry-first-out were taken; null for the FEFO pick. */
  overrideReason: z.string().nullable(),
  /** The racikan fees of this handover (whole rupiah): compounding per line, packaging per packet. */
  fees: z.array(
    z.object({
      line: z.number().int(),
      kind: z.enum(['compounding', 'packaging']),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type PrescriptionDispensed = z.infer<typeof prescriptionDispensedSchema>;
