import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { prescriptionParamsSchema } from './pharmacy.schema.ts';

/**
 * A prescription the pharmacist put on hold asks its doctor something (issue 17 §1): the doctor's
 * screen lists the held prescriptions of the doctor's own patients with the pharmacist's question,
 * and the doctor answers in writing; the answer joins the prescription's history at the pharmacy.
 */

export const heldPrescriptionSchema = z.object({
  uid: z.string(),
  queueNumber: z.string(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }),
  /** The pharmacist's question: the reason of the newest hold. */
  reason: z.string().nullable(),
  heldBy: z.string().nullable(),
  heldAt: z.string(),
  /** The newest answer given since that hold, if any. */
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type HeldPrescription = z.infer<typeof heldPrescriptionSchema>;

export const answerSchema = z.object({
  text: z.string().trim().min(1, 'pharmacy.answerRequired').max(500, 'validation.tooLong'),
});
export type AnswerInput = z.infer<typeof answerSchema>;

const tags = ['pharmacy'] as const;

export const listHeldPrescriptions = endpoint({
  method: 'GET',
  path: '/pharmacy/held',
  permission: 'encounter.write',
  tags,
  summary:
    'Prescriptions on hold at the caller’s clinics, a doctor’s own only, with the pharmacist’s question and any answer',
  response: z.array(heldPrescriptionSchema),
});

export const answerHeldPrescription = endpoint({
  method: 'POST',
  path: '/pharmacy/prescriptions/:uid/answer',
  permission: 'encounter.write',
  tags,
  summary: 'The doctor answers the pharmacist’s question on a held prescription (409 when not on hold)',
  params: prescriptionParamsSchema,
  body: answerSchema,
  response: heldPrescriptionSchema,
  errors: conflictErrors,
  message: 'pharmacy.answered',
});
