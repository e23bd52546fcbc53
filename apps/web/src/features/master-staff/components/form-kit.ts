import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Input bounds of the shared schemas (profile.schema.ts) that have no exported constant. */
export const FIELD_MAX = { title: 50, profile: 1000, icNumber: 30, email: 100, name: 60 } as const;

interface ErrorEntry {
  path: string | readonly PropertyKey[];
  message: string;
}

/** Field errors by form field: `updateData.name` (PATCH payloads) is the form's `name`. */
export function fieldErrors(entries: readonly ErrorEntry[]): Record<string, string> {
  return toFieldErrors(
    entries.map((e) => ({
      path: (typeof e.path === 'string' ? e.path : e.path.map(String).join('.')).replace(/^updateData\./, ''),
      message: e.message,
    })),
  );
}

/** Where a refusal without a field of its own is shown: the alert above the form's buttons. */
export const FORM_ERROR = '_form';

/**
 * Field errors for a refused save. A 400 maps the server's field paths (`updateData.name` → `name`);
 * a 409 without paths (e.g. the username is taken) lands on `conflictField`; other refusals go to
 * the form alert. Failures the user cannot fix get the generic toast and no field errors.
 */
export function submitErrors(error: unknown, conflictField: string): Record<string, string> {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return {};
  }
  if (error.errors.length) return fieldErrors(error.errors);
  return { [error.status === 409 ? conflictField : FORM_ERROR]: error.message };
}

export type Sex = 'M' | 'F' | 'N';
export const asSex = (value: string | null | undefined): Sex =>
  value === 'M' || value === 'F' ? value : 'N';

/** Moves focus to the first field the last check marked, so the keyboard user lands on it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  // centred, so the modal's sticky title does not cover it
  field.scrollIntoView({ block: 'center' });
}
