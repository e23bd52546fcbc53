import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
export const FORM_ERROR = '_form';

/**
 * A refused write as form messages: the server's message above the buttons and its field messages
 * under their fields (the input stays); anything the user cannot fix is reported instead (null).
 */
export function serverErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  return { ...toFieldErrors(error.errors), [FORM_ERROR]: error.message };
}

/** The rupiah fields: whole, never negative, Indonesian separators. */
export const MONEY_INPUT = {
  prefix: 'Rp ',
  thousandSeparator: '.',
  decimalSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
} as const;
