import { endpoint, errorAnswer } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import { PATIENT_IHS_MISSING_REASONS } from '../patients/patient.schema.ts';

/*
 * The patient's IHS check, apart from `satusehat.contract.ts` so that the staff screens' lookup of
 * a practitioner does not carry the patient schema into their chunk.
 */

// as the patient master's own calls (patients.contract.ts)
const patientParams = z.object({
  uid: z.string().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** The patient's SATUSEHAT identity after a check: the number stored, or why there is none. */
export const patientIhsCheckSchema = z.object({
  ihsNumber: z.string().nullable(),
  ihsMissingReason: z.enum(PATIENT_IHS_MISSING_REASONS).nullable(),
  ihsCheckedAt: z.string().nullable(),
  /** The number stored before the check, when the platform answered another (or none) */
  previous: z.string().nullable(),
});
export type PatientIhsCheck = z.infer<typeof patientIhsCheckSchema>;

/**
 * "Periksa ulang IHS": the patient's IHS number looked up again at SATUSEHAT by NIK (a newborn by
 * the mother's), even when one is stored (e.g. mistyped by an import), and the platform's answer
 * stored; a refused visit is then sent again from the sync screen.
 */
export const checkPatientIhs = endpoint({
  method: 'POST',
  path: '/patients/:uid/ihs-check',
  permission: 'patient.write',
  tags: ['satusehat'],
  summary:
    'Look the patient’s IHS number up again at SATUSEHAT by NIK and store the answer (the same clinics as a change of the patient); without a NIK the reason is answered',
  params: patientParams,
  response: patientIhsCheckSchema,
  // no SATUSEHAT settings (409), the platform refused (502) or cannot be reached (503)
  errors: { 409: errorAnswer, 502: errorAnswer, 503: errorAnswer },
  message: 'satusehat.ihsConfirmed',
});
