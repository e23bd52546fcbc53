// the shared issue messages come with every schema, in the browser as on the server

import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { REGISTRATION_STATUSES } from '../registrations/registration.rules.ts';

/**
 * The treatment room (issue 16 §4): today's TREATMENT visits of the clinic with the doctor's
 * order, and the procedures done on a visit — ICD-9-CM code, catalogue item, who performed it,
 * consumables used, notes. A procedure is voided with a reason, never deleted.
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

export const treatmentWorklistQuerySchema = z.object({
  clinicId: z.coerce.number().int().positive(),
  /** The clinic's day, yyyy-mm-dd (the date input's value); today when left out. */
  date: dateSchema('iso', 'treatment.dateFormat').optional(),
  search: text(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TreatmentWorklistQuery = z.input<typeof treatmentWorklistQuerySchema>;

export const treatmentOrderSchema = z.object({
  doctorName: z.string().nullable(),
  clinicName: z.string().nullable(),
  diagnosis: z.string().nullable(),
  note: z.string().nullable(),
  items: z.array(z.string()),
});
export type TreatmentOrder = z.infer<typeof treatmentOrderSchema>;

export const treatmentVisitItemSchema = z.object({
  registrationId: z.string(),
  queueNumber: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  arrivedAt: z.string(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string(), sex: z.string() }),
  /** What the visit is for: the doctor's order, or the front office's text. */
  orderText: z.string().nullable(),
  referrer: z.string().nullable(),
  procedures: z.number().int(),
});
export type TreatmentVisitItem = z.infer<typeof treatmentVisitItemSchema>;
export const treatmentWorklistSchema = pagedSchema(treatmentVisitItemSchema);

export const treatmentVisitParamsSchema = z.object({ registrationId: uidSchema });
export const treatmentProcedureParamsSchema = z.object({ uid: uidSchema });
export const treatmentPatientParamsSchema = z.object({ uid: uidSchema });
export const treatmentOptionsQuerySchema = z.object({ clinicId: z.coerce.number().int().positive() });

export const consumableSchema = z.object({
  /** A drug of the drug master, or none for a free name (gauze, syringe). */
  drugUid: uidSchema.nullable().optional(),
  name: text(120).min(1, 'validation.required'),
  quantity: z
    .number('treatment.quantityRange')
    .positive('treatment.quantityRange')
    .max(1000, 'treatment.quantityRange'),
  unit: text(20).min(1, 'validation.required'),
});
export type Consumable = z.infer<typeof consumableSchema>;

export const treatmentProcedureCreateSchema = z.object({
  /** The form's key for this save: a retry or a double click records it once. */
  requestKey: z.string().trim().min(8, 'validation.invalid').max(60, 'validation.tooLong'),
  icd9Code: z.string().trim().min(1, 'treatment.icd9Required').max(10, 'validation.tooLong'),
  /** A procedure of the catalogue (group procedure), for the bill. */
  serviceUid: uidSchema.nullable().optional(),
  /** A user of the clinic; the caller when left out. */
  performerUid: uidSchema.nullable().optional(),
  consumables: z.array(consumableSchema).max(30, 'validation.tooLong').default([]),
  notes: optionalText(1000),
});
export type TreatmentProcedureCreate = z.input<typeof treatmentProcedureCreateSchema>;

export const treatmentVoidSchema = z.object({
  reason: z.string().trim().min(3, 'treatment.reasonRequired').max(500, 'validation.tooLong'),
});
export type TreatmentVoid = z.infer<typeof treatmentVoidSchema>;

export const treatmentProcedureSchema = z.object({
  uid: z.string(),
  icd9Code: z.string(),
  name: z.string(),
  serviceCode: z.string().nullable(),
  consumables: z.array(
    z.object({ drugUid: z.string().nullable(), name: z.string(), quantity: z.number(), unit: z.string() }),
  ),
  notes: z.string().nullable(),
  performedBy: z.string(),
  performedAt: z.string(),
  voided: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export type TreatmentProcedure = z.infer<typeof treatmentProcedureSchema>;

/** A procedure done for a patient, for the doctor's screen and the record (voided ones left out). */
export const patientTreatmentProcedureSchema = z.object({
  uid: z.string(),
  /** The treatment visit it was done on. */
  registrationId: z.string(),
  clinicName: z.string(),
  icd9Code: z.string(),
  name: z.string(),
  consumables: z.array(z.object({ name: z.string(), quantity: z.number(), unit: z.string() })),
  notes: z.string().nullable(),
  performedBy: z.string(),
  performedAt: z.string(),
});
export type PatientTreatmentProcedure = z.infer<typeof patientTreatmentProcedureSchema>;

export const treatmentVisitSchema = z.object({
  registrationId: z.string(),
  clinicId: z.number().int(),
  queueNumber: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string(), allergies: z.string().nullable() }),
  order: treatmentOrderSchema,
  /** Newest last; voided ones included, marked. */
  procedures: z.array(treatmentProcedureSchema),
});
export type TreatmentVisit = z.infer<typeof treatmentVisitSchema>;

/** What the form picks from: the catalogue's procedures and the clinic's staff. */
export const treatmentOptionsSchema = z.object({
  procedures: z.array(
    z.object({
      uid: z.string(),
      code: z.string(),
      nameId: z.string(),
      nameEn: z.string(),
      icd9Code: z.string().nullable(),
    }),
  ),
  performers: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type TreatmentOptions = z.infer<typeof treatmentOptionsSchema>;
