// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { prescriptionItemSchema } from '../consultations/encounter.schema.ts';
import { PAYER_TYPES } from '../patients/patient.rules.ts';
import { PHARMACY_ACTIONS, PHARMACY_STATUSES, PRIORITIES, REVIEW_CHECKS } from './pharmacy.rules.ts';

/**
 * The pharmacy queue's calls (issue 17 §1–3): the queue of a clinic day, one prescription with
 * the patient's allergies and the stock at the pharmacy, the moves, the dispense and the review.
 */

const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const reasonSchema = z
  .string()
  .trim()
  .max(500, 'validation.tooLong')
  .nullish()
  .transform((v) => v || null);

export const queueQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  /** The clinic day, yyyy-mm-dd; today at the clinic when left out. */
  date: dateSchema('iso').optional(),
  status: z.enum(PHARMACY_STATUSES).optional(),
  racikan: z.enum(['true', 'false']).optional(),
  payerType: z.enum(PAYER_TYPES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  /** Patient name, record number or queue number. */
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const prescriptionParamsSchema = z.object({ uid: uidSchema });

/** A named move; hold, reject, cancel, cancelling the rest and return need a reason. */
export const moveSchema = z.object({
  action: z.enum(PHARMACY_ACTIONS, 'validation.invalid'),
  reason: reasonSchema,
});
export type MoveInput = z.infer<typeof moveSchema>;

/** The handover: per line the quantity given (base units; the prescribed rest when left out). */
export const dispenseSchema = z.object({
  /** The client's key of this handover: sent twice, it dispenses once. */
  requestKey: z.string().trim().min(8, 'validation.invalid').max(80, 'validation.tooLong'),
  lines: z
    .array(
      z.object({
        line: z.number().int().min(0).max(99),
        quantity: z.number().min(0, 'pharmacy.quantityRange').max(100_000, 'pharmacy.quantityRange'),
        /** The batches chosen by hand (FEFO when left out); others than FEFO's need `overrideReason`. */
        batches: z
          .array(
            z.object({
              batchNumber: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
              quantity: z.number().positive('pharmacy.quantityRange').max(100_000, 'pharmacy.quantityRange'),
            }),
          )
          .max(20, 'validation.tooLong')
          .optional(),
      }),
    )
    .max(100)
    .default([]),
  /** Why batches other than first-expiry-first-out were taken (required then). */
  overrideReason: reasonSchema,
});
export type DispenseInput = z.infer<typeof dispenseSchema>;

const checkSchema = z.object({ ok: z.boolean(), note: z.string().trim().max(500).nullish() });

export const reviewSchema = z.object({
  checks: z.partialRecord(z.enum(REVIEW_CHECKS), checkSchema),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The pharmacist gives another drug for a line (with the reason; the doctor sees it). */
export const substituteSchema = z.object({
  line: z.number('validation.invalid').int('validation.invalid').min(0).max(99),
  itemUid: uidSchema,
  reason: z
    .string('pharmacy.reasonRequired')
    .trim()
    .min(1, 'pharmacy.reasonRequired')
    .max(500, 'validation.tooLong'),
});
export type SubstituteInput = z.infer<typeof substituteSchema>;

export const LABEL_PAPERS = ['roll80', 'label'] as const;
export type LabelPaper = (typeof LABEL_PAPERS)[number];

/** The labels (etiket): 80 mm roll (80 × 50 mm each) or label paper (70 × 40 mm each). */
export const labelsQuerySchema = z.object({
  paper: z.enum(LABEL_PAPERS, 'validation.invalid').default('roll80'),
});

export const queueRowSchema = z.object({
  uid: z.string(),
  status: z.enum(PHARMACY_STATUSES),
  priority: z.enum(PRIORITIES),
  racikan: z.boolean(),
  queueNumber: z.string(),
  registrationId: z.string(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }),
  payerType: z.string(),
  doctorName: z.string().nullable(),
  itemCount: z.number().int(),
  submittedAt: z.string(),
  dispensedAt: z.string().nullable(),
  /** Minutes waited so far (until the handover when given) against the standard (30 or 60). */
  waitedMinutes: z.number().int(),
  standardMinutes: z.number().int(),
  overStandard: z.boolean(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

const flagSchema = z.object({
  allergy: z.string().nullable(),
  duplicateOf: z.number().int().nullable(),
});

export const prescriptionLineSchema = z.object({
  line: z.number().int(),
  item: prescriptionItemSchema,
  genericName: z.string().nullable(),
  /** The unit stock counts in (quantities given are in it), null for a line without a drug. */
  baseUnit: z.string().nullable(),
  /** On hand at the pharmacy location (not expired), null for a line without a drug. */
  available: z.number().nullable(),
  dispensed: z.number(),
  owed: z.number(),
  flags: flagSchema,
  batches: z.array(z.object({ batchNumber: z.string(), expiryDate: z.string(), quantity: z.number() })),
  /** The instructions in Indonesian as the label prints them ('3 x sehari 1 tablet sesudah makan'). */
  signa: z.string(),
  /** White for oral and internal use, blue for external use. */
  labelColour: z.enum(['white', 'blue']),
  /** The drug the pharmacist gave instead, with the reason. */
  substitute: z
    .object({
      itemUid: z.string(),
      name: z.string(),
      reason: z.string(),
      byName: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** A racikan's ingredients: base units each needs for all packets (empty for a plain line). */
  ingredients: z.array(
    z.object({
      name: z.string(),
      itemUid: z.string().nullable(),
      baseUnit: z.string().nullable(),
      quantity: z.number(),
      available: z.number().nullable(),
    }),
  ),
});

export const orderEventSchema = z.object({
  action: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});

export const reviewAnswerSchema = z.object({
  checks: z.record(z.string(), z.object({ ok: z.boolean(), note: z.string().nullable() })),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string(),
});

export const prescriptionSchema = queueRowSchema.extend({
  allergies: z.string().nullable(),
  pharmacyLocation: z.object({ uid: z.string(), name: z.string() }).nullable(),
  lines: z.array(prescriptionLineSchema),
  events: z.array(orderEventSchema),
  review: reviewAnswerSchema.nullable(),
  /** Interacting pairs among the lines (racikan ingredients included), from a table that is not exhaustive. */
  interactions: z.array(
    z.object({
      lines: z.tuple([z.number().int(), z.number().int()]),
      drugs: z.tuple([z.string(), z.string()]),
      severity: z.enum(['major', 'moderate', 'minor']),
      effect: z.string(),
    }),
  ),
  /** Rupiah the racikan lines are charged: compounding per racikan line, packaging per packet. */
  fees: z.object({ compounding: z.number().int(), packaging: z.number().int() }),
});
export type PharmacyPrescription = z.infer<typeof prescriptionSchema>;

const fee = z
  .number('validation.invalid')
  .int('pharmacy.feeWhole')
  .min(0, 'pharmacy.feeWhole')
  .max(10_000_000, 'validation.tooLong');

/** A clinic's racikan fees, whole rupiah: compounding per racikan line, packaging per packet. */
export const pharmacySettingsSchema = z.object({
  clinicId: z.number().int().positive(),
  compoundingPerLine: fee,
  packagingPerPacket: fee,
});
export type PharmacySettings = z.infer<typeof pharmacySettingsSchema>;

export const pharmacySettingsQuerySchema = z.object({ clinicId: z.coerce.number().int().positive() });
