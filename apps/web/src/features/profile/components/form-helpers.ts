import { toFieldErrors } from '../../../shared/form-errors.ts';

/** Keeps only digits, at most `max` of them: the digit masks of spec 5. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Types a date as DD/MM/YYYY: digits only, slashes added after the day and the month. */
export function dateMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** Field errors of a save payload or the server's answer: `updateData.phoneNumber` → `phoneNumber`. */
export function payloadFieldErrors(
  entries: readonly { path: string | readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(toFieldErrors(entries)).map(([key, value]) => [key.replace(/^updateData\./, ''), value]),
  );
}
