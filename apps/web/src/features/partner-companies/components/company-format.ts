import { formatRupiah } from '@klinikita/domain/common/format';
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

/** NPWP as printed: 15 digits as 01.234.567.8-901.000; the 16-digit (NIK) form as it is. */
export const formatNpwp = (npwp: string | null) =>
  npwp && /^\d{15}$/.test(npwp)
    ? `${npwp.slice(0, 2)}.${npwp.slice(2, 5)}.${npwp.slice(5, 8)}.${npwp.slice(8, 9)}-${npwp.slice(9, 12)}.${npwp.slice(12)}`
    : (npwp ?? '–');

export const rupiahOrDash = (amount: number | null) => (amount === null ? '–' : formatRupiah(amount));

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const formatDay = (day: string | null) =>
  day ? day.slice(0, 10).split('-').reverse().join('/') : '–';

/** A number input's value for the schema: empty is null (no limit, no ceiling). */
export const amountOrNull = (v: number | string) => (v === '' || v === null ? null : Number(v));
