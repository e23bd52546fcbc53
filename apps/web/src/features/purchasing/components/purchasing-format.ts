import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
export const FORM_ERROR = '_form';

/**
 * A refused write as form messages: the server's field messages under their fields, else its
 * message above the buttons (the input stays); anything the user cannot fix is reported instead (null).
 */
export function serverErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  return error.errors.length ? toFieldErrors(error.errors) : { [FORM_ERROR]: error.message };
}

const quantityFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });

/** A quantity as Indonesians write it: 1.250 or 2,5. */
export const formatQuantity = (quantity: number) => quantityFormat.format(quantity);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const formatDay = (day: string | null) =>
  day ? day.slice(0, 10).split('-').reverse().join('/') : '–';

/** DD/MM/YYYY as it is typed: digits only, the slashes put in. */
export const dayMask = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
};

/** A key per submitted form: a double submit (or a retry) of the same form is received once. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  ordered: 'blue',
  partially_received: 'orange',
  received: 'teal',
  cancelled: 'red',
  closed: 'dark',
};

/** NPWP as printed: 15 digits as 01.234.567.8-901.000; the 16-digit (NIK) form as it is. */
export const formatNpwp = (npwp: string | null) =>
  npwp && /^\d{15}$/.test(npwp)
    ? `${npwp.slice(0, 2)}.${npwp.slice(2, 5)}.${npwp.slice(5, 8)}.${npwp.slice(8, 9)}-${npwp.slice(9, 12)}.${npwp.slice(12)}`
    : (npwp ?? '–');
