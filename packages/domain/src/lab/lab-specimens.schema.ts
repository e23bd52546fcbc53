import { z } from '../common/zod-config.ts';

/**
 * The containers of a lab visit's sample (issue 16 §1): one barcode label per distinct container
 * of the ordered tests' parameters → collected (who, when; sets the visit's `flaggingSamplingDone`)
 * → received by the lab, or rejected with a reason (the rejected container is kept, a new one is
 * labelled for the new sample and the visit's sampling flag goes back to false).
 *
 * Barcode: `L` + the clinic's id (3 digits) + the visit's day YYMMDD + a 4-digit sequence of the
 * clinic's day, e.g. `L0112611260007` (Code 128 on the label; unique in the database).
 */

export const LAB_SPECIMEN_STATUSES = ['labelled', 'collected', 'received', 'rejected'] as const;
export type LabSpecimenStatus = (typeof LAB_SPECIMEN_STATUSES)[number];

const byWho = z.object({ name: z.string().nullable(), at: z.string() }).nullable();

export const labSpecimenSchema = z.object({
  uid: z.string(),
  barcode: z.string(),
  /** The catalogue's container (edta, plain, urinePot …) and the specimen it holds. */
  container: z.string(),
  specimen: z.string().nullable(),
  status: z.enum(LAB_SPECIMEN_STATUSES),
  /** The names of the ordered tests whose sample goes in this container. */
  tests: z.array(z.string()),
  labelled: byWho,
  collected: byWho,
  received: byWho,
  rejected: byWho,
  rejectReason: z.string().nullable(),
  /** The rejected container this one replaces. */
  replacesBarcode: z.string().nullable(),
});
export type LabSpecimen = z.infer<typeof labSpecimenSchema>;

export const sampleRejectionReasonSchema = z.object({
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
});
export type SampleRejectionReason = z.infer<typeof sampleRejectionReasonSchema>;

/** A visit's containers (the current ones first, then the rejected), and the reasons to reject. */
export const labVisitSpecimensSchema = z.object({
  registrationId: z.string(),
  samplingDone: z.boolean(),
  specimens: z.array(labSpecimenSchema),
  rejectionReasons: z.array(sampleRejectionReasonSchema),
});
export type LabVisitSpecimens = z.infer<typeof labVisitSpecimensSchema>;

export const labSpecimenVisitParamsSchema = z.object({
  registrationId: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

export const labSpecimenParamsSchema = labSpecimenVisitParamsSchema.extend({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** A reason from the corporate's `sampleRejection` list, or free text (one of them). */
export const rejectSpecimenSchema = z
  .object({
    reasonCode: z.string().trim().max(40, 'validation.tooLong').nullish().default(null),
    reason: z.string().trim().max(300, 'validation.tooLong').nullish().default(null),
  })
  .refine((v) => Boolean(v.reasonCode || v.reason), {
    message: 'labSpecimens.reasonRequired',
    path: ['reason'],
  });
export type RejectSpecimen = z.infer<typeof rejectSpecimenSchema>;

export const LABEL_LAYOUTS = ['label', 'sheet'] as const;
/** `label`: one 50 × 25 mm label per page (label printer); `sheet`: A4 sheet of labels. */
export const labelsQuerySchema = z.object({
  layout: z.enum(LABEL_LAYOUTS, 'validation.invalid').default('label'),
});
