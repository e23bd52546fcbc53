/**
 * The pharmacy queue's pure rules (issue 17 §1–2, research/operations.md §1.2–1.7): the states of
 * a prescription at the pharmacy and the moves between them, the waiting-time standard and the
 * review's automatic flags. The server applies them inside its transactions; the screens may too.
 */

export const PHARMACY_STATUSES = [
  'submitted',
  'in_review',
  'on_hold',
  'preparing',
  'ready',
  'partially_dispensed',
  'dispensed',
  'rejected',
  'cancelled',
  'returned',
] as const;
export type PharmacyStatus = (typeof PHARMACY_STATUSES)[number];

export const PRIORITIES = ['normal', 'cito'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The moves the pharmacist makes by name; `dispense` is its own call (quantities, stock). */
export const PHARMACY_ACTIONS = [
  'review',
  'hold',
  'resume',
  'reject',
  'prepare',
  'ready',
  'cancel',
  'cancelRest',
  'return',
] as const;
export type PharmacyAction = (typeof PHARMACY_ACTIONS)[number] | 'dispense';

interface Move {
  from: readonly PharmacyStatus[];
  to: PharmacyStatus;
  /** The move needs a reason (a hold asks the doctor something; a refusal says why). */
  reason: boolean;
}

const OPEN: readonly PharmacyStatus[] = ['submitted', 'in_review', 'on_hold', 'preparing', 'ready'];

export const MOVES: Record<PharmacyAction, Move> = {
  review: { from: ['submitted'], to: 'in_review', reason: false },
  hold: { from: ['in_review', 'preparing'], to: 'on_hold', reason: true },
  resume: { from: ['on_hold'], to: 'in_review', reason: false },
  reject: { from: ['in_review', 'on_hold'], to: 'rejected', reason: true },
  prepare: { from: ['in_review'], to: 'preparing', reason: false },
  ready: { from: ['preparing'], to: 'ready', reason: false },
  cancel: { from: OPEN, to: 'cancelled', reason: true },
  // the rest owed is not given after all: the order is done with what was handed over
  cancelRest: { from: ['partially_dispensed'], to: 'dispensed', reason: true },
  return: { from: ['dispensed', 'partially_dispensed'], to: 'returned', reason: true },
  // the answer is `dispensed` or `partially_dispensed`, as the quantities given say
  dispense: { from: ['ready', 'partially_dispensed'], to: 'dispensed', reason: false },
};

/** Whether `action` may be taken on a prescription in `from`. */
export const mayMove = (action: PharmacyAction, from: PharmacyStatus) => MOVES[action].from.includes(from);

/** The pharmacy is done with the order: the visit goes on to the cashier. */
export const isHandled = (status: PharmacyStatus) =>
  status === 'dispensed' || status === 'rejected' || status === 'cancelled';

/** Still in the pharmacy's hands (counted against the waiting-time standard). */
export const isOpen = (status: PharmacyStatus) => OPEN.includes(status) || status === 'partially_dispensed';

/** Kepmenkes 129/2008 (research §1.2, SPM): minutes from submission to handover. */
export const STANDARD_MINUTES = { plain: 30, racikan: 60 } as const;

export const standardMinutes = (racikan: boolean) =>
  racikan ? STANDARD_MINUTES.racikan : STANDARD_MINUTES.plain;

/** Whole minutes waited from submission until the handover (or until `now` while open). */
export function waitedMinutes(submittedAt: Date, doneAt: Date | null, now: Date): number {
  const end = doneAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - submittedAt.getTime()) / 60_000));
}

/** What the doctor's signed note says of its prescription: still at the pharmacy, given, or not. */
export function doctorView(status: PharmacyStatus | undefined): 'waiting' | 'dispensed' | 'cancelled' | null {
  if (!status) return null;
  if (status === 'dispensed' || status === 'returned') return 'dispensed';
  if (status === 'rejected' || status === 'cancelled') return 'cancelled';
  return 'waiting';
}

/** A prescription holds a racikan when one of its lines is compounded. */
export const hasRacikan = (items: readonly { kind: string }[]) => items.some((i) => i.kind === 'compound');

/** The review checks of research §1.3: administrative, pharmaceutical, clinical. */
export const REVIEW_CHECKS = [
  'patientIdentity',
  'doctor',
  'prescriptionDate',
  'formStrength',
  'pharmaceuticalDose',
  'indication',
  'dose',
  'route',
  'timing',
  'duplication',
  'allergy',
  'interaction',
  'contraindication',
] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];

/** One check of the review: ok or not, with the pharmacist's note. */
export interface ReviewEntry {
  ok: boolean;
  note: string | null;
}

export interface ReviewedLine {
  name: string;
  genericName: string | null;
}

const words = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 3);

/**
 * The lines whose name or generic name contains an allergy recorded on the patient (free text,
 * split at commas, semicolons and line breaks; case ignored; entries under three letters ignored).
 */
export function allergyMatches(lines: readonly ReviewedLine[], allergies: string | null) {
  const recorded = words(allergies ?? '');
  return lines.flatMap((line, index) => {
    const names = `${line.name} ${line.genericName ?? ''}`.toLowerCase();
    const hit = recorded.find((a) => names.includes(a));
    return hit ? [{ index, allergy: hit }] : [];
  });
}

/** Lines that share a generic name with an earlier one (duplicated therapy). */
export function duplicatedTherapy(lines: readonly ReviewedLine[]) {
  const seen = new Map<string, number>();
  return lines.flatMap((line, index) => {
    const generic = line.genericName?.trim().toLowerCase();
    if (!generic) return [];
    const first = seen.get(generic);
    if (first === undefined) {
      seen.set(generic, index);
      return [];
    }
    return [{ index, sameAs: first, genericName: generic }];
  });
}
