import type { DrugRoute } from '../consultations/consultation.rules.ts';

/**
 * The label (etiket) of a dispensed line (issue 17 §3, research/operations.md §1.5): the
 * instructions in Indonesian and the label's colour. Pure; the PDF and the screens both use it.
 */

/** Routes taken into the body (white label); the others are for external use (blue label, OBAT LUAR). */
const INTERNAL_ROUTES: readonly DrugRoute[] = [
  'oral',
  'sublingual',
  'intramuscular',
  'intravenous',
  'subcutaneous',
];

export type LabelColour = 'white' | 'blue';

/** White for oral and internal use; blue for external use (skin, eye, ear, nose, rectal, vaginal, inhaled). */
export const labelColour = (route: DrugRoute): LabelColour =>
  INTERNAL_ROUTES.includes(route) ? 'white' : 'blue';

export interface SignaSource {
  frequency: string;
  dose: string;
  instructions?: string | null;
}

/** '3x sehari' → '3 x sehari', '3X1' → '3 x 1'; other text as written. */
const spacedTimes = (text: string) =>
  text
    .trim()
    .replace(/(\d)\s*[xX×]\s*/g, '$1 x ')
    .replace(/\s+/g, ' ');

/**
 * The signa as the label prints it: '3 x sehari 1 tablet sesudah makan' from the frequency, the
 * dose and the instructions (the instruction's first letter lowered, a repeated word not doubled).
 */
export function signaText(item: SignaSource): string {
  const frequency = spacedTimes(item.frequency);
  const dose = item.dose.trim().replace(/\s+/g, ' ');
  const note = (item.instructions ?? '').trim().replace(/\s+/g, ' ');
  const parts = [frequency, dose];
  if (note) parts.push(note.charAt(0).toLowerCase() + note.slice(1));
  return parts.filter(Boolean).join(' ');
}
