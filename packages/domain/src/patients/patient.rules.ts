export type Sex = 'M' | 'F' | 'N';

/** Who pays a visit (the patient's default, a registration's, a bill's): the one list of them. */
export const PAYER_TYPES = ['self', 'company', 'insurance', 'bpjs'] as const;
export type PayerType = (typeof PAYER_TYPES)[number];

/** Whole years and remaining months between a birth date and `at`. */
export function ageParts(dob: Date, at: Date = new Date()): { years: number; months: number } {
  let months = (at.getFullYear() - dob.getFullYear()) * 12 + (at.getMonth() - dob.getMonth());
  if (at.getDate() < dob.getDate()) months -= 1;
  months = Math.max(0, months);
  return { years: Math.floor(months / 12), months: months % 12 };
}

/**
 * Title by age and sex (spec 9): under 2 years By; up to 12 An; male above 12 Tn;
 * female up to 24 Nn; female above 24 Ny.
 */
export function ageLabel(
  dob: Date,
  sex: Sex,
  at: Date = new Date(),
): 'By' | 'An' | 'Tn' | 'Nn' | 'Ny' | null {
  const { years } = ageParts(dob, at);
  if (years < 2) return 'By';
  if (years <= 12) return 'An';
  if (sex === 'M') return 'Tn';
  if (sex === 'F') return years <= 24 ? 'Nn' : 'Ny';
  return null;
}

/** Cuts a name to `max` characters with an ellipsis (spec 2.7: first name, 15). */
export function cutName(name: string, max = 15): string {
  const trimmed = name.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}...` : trimmed;
}

/** The number part of a queue number, after the dash: 'A-007' → '007'. */
export function queueNumberPart(queueNumber: string): string {
  const i = queueNumber.indexOf('-');
  return i >= 0 ? queueNumber.slice(i + 1) : queueNumber;
}
