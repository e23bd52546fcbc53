import type { TFunction } from 'i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
export const FORM_ERROR = '_form';

/** A refused write as form messages (the input stays); null: reported as unexpected. */
export function serverErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  return error.errors.length ? toFieldErrors(error.errors) : { [FORM_ERROR]: error.message };
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const formatDay = (day: string | null) =>
  day ? day.slice(0, 10).split('-').reverse().join('/') : '–';

export const STATUS_COLOR: Record<string, string> = {
  open: 'teal',
  closed: 'gray',
  registered: 'gray',
  inProgress: 'blue',
  done: 'violet',
  approved: 'teal',
};

/** The screen's words: `mcuSetup.screen.<key>`. */
export const screenT =
  (t: TFunction) =>
  (key: string, params: Record<string, unknown> = {}) =>
    t(`mcuSetup.screen.${key}`, params);
