import { ageParts } from '@klinikita/domain/patients/patient.rules';
import { nikBirth, nikProblem } from '@klinikita/domain/patients/patient.schema';

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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The sex and birth date a valid NIK encodes (spec 9: DDMMYY, women's day plus 40), for the
 * form to fill in. The NIK holds no century: the latest one that puts the birth on or before
 * today is taken. Null for a NIK that is not (yet) valid.
 */
export function personFromNik(nik: string, today: Date = new Date()): { sex: 'M' | 'F'; dob: string } | null {
  const birth = nikProblem(nik) === null ? nikBirth(nik) : null;
  if (!birth) return null;
  const date = (century: number) => `${pad(birth.day)}/${pad(birth.month)}/${century + birth.yy}`;
  const dob = [date(2000), date(1900)].find((d) => parseDob(d, today) !== null);
  return dob ? { sex: birth.sex, dob } : null;
}

/** A passport number as stored: capitals and digits only. */
export const passportMask = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
