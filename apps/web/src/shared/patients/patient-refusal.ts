import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import type { PatientRefusalAnswer } from '@klinikita/domain/patients/patients.contract';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../api-client.ts';
import { toFieldErrors } from '../form-errors.ts';

/** Where a refusal without a field of its own is shown. */
export const FORM_ERROR = '_form';

/** A refused patient save as the forms show it. */
export interface PatientRefusal {
  errors: Record<string, string>;
  /** 409 nikTaken: the patient holding the NIK. */
  nikOwner: PatientSummary | null;
  /** 409 likelyDuplicate: the patients with the same name and birth date. */
  duplicates: { message: string; candidates: PatientSummary[] } | null;
}

export const NO_REFUSAL: PatientRefusal = { errors: {}, nikOwner: null, duplicates: null };

// the refusal's `data` as the patient contract declares it (ApiError carries any refusal's data)
const candidatesOf = (error: ApiError): PatientSummary[] =>
  (error.data as PatientRefusalAnswer['data'])?.candidates ?? [];

/**
 * What the server's refusal of a patient means for the form; null when it is nothing the clerk
 * can fix (the generic toast has been shown).
 */
export function patientRefusalOf(error: unknown): PatientRefusal | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  if (error.code === 'likelyDuplicate')
    return { ...NO_REFUSAL, duplicates: { message: error.message, candidates: candidatesOf(error) } };
  if (error.code === 'nikTaken')
    return { ...NO_REFUSAL, errors: { nik: error.message }, nikOwner: candidatesOf(error)[0] ?? null };
  return {
    ...NO_REFUSAL,
    errors: error.errors.length ? toFieldErrors(error.errors) : { [FORM_ERROR]: error.message },
  };
}
