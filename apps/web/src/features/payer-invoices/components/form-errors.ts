import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
export const FORM_ERROR = '_form';

/**
 * A refused write as form messages: the server's message above the buttons and its field messages
 * under their fields (the input stays); anything the user cannot fix is reported instead.
 */
export function serverErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return {};
  }
  return { ...toFieldErrors(error.errors), [FORM_ERROR]: error.message };
}
