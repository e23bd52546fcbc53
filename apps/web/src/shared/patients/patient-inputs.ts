import { ageParts } from '@klinikita/domain/patients/patient.rules';

/** A DD/MM/YYYY that is a real past-or-today date, else null. */
export function parseDob(text: string, today: Date = new Date()): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date > today ? null : date;
}

/** Age in years and months from the typed birth date, when it is one. */
export function ageOf(dob: string, today: Date = new Date()) {
  const date = parseDob(dob, today);
  return date ? ageParts(date, today) : null;
}

/** Keeps digits only (NIK, phone and card masks). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Types the slashes of DD/MM/YYYY while the user enters digits. */
export function dobMask(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}
