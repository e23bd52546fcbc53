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
