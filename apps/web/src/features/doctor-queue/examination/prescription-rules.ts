/** Frequency quick picks: times a day × count per dose, and "as needed". */
export const FREQUENCY_PICKS = ['1x1', '2x1', '3x1', '4x1', 'prn'] as const;

/** Times a day from '3x1', '3 x 1', '3x sehari', '3 dd 1'; null for prn or free text. */
export function timesPerDay(frequency: string): number | null {
  const m = /^\s*(\d+)\s*(?:x|×|dd)/i.exec(frequency);
  return m ? Number(m[1]) : null;
}

function readAmount(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '½') return 0.5;
  const fraction = /^(\d+)\/(\d+)$/.exec(t);
  if (fraction) return Number(fraction[2]) ? Number(fraction[1]) / Number(fraction[2]) : null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** Units that name the same thing ('tab' and 'tablet', 'kaps' and 'kapsul'). */
const sameUnit = (a: string, b: string) => {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (!x || !y) return false;
  return x.startsWith(y.slice(0, 3)) || y.startsWith(x.slice(0, 3));
};

/**
 * Units handed out per dose: '1 tablet' of a tablet drug is 1, '1/2 tab' 0.5; '5 ml' of a syrup
 * sold by the bottle is not countable (null). A bare number counts in the drug's unit; without
 * a dose the count per dose of the frequency ('3x2') is used.
 */
export function unitsPerDose(dose: string, frequency: string, unit: string): number | null {
  const d = dose.trim();
  if (d) {
    const m = /^(\d+\/\d+|\d+(?:[.,]\d+)?|½)\s*(.*)$/.exec(d);
    if (!m) return null;
    const amount = readAmount(m[1]);
    if (amount === null) return null;
    return m[2] === '' || sameUnit(m[2], unit) ? amount : null;
  }
  const f = /^\s*\d+\s*(?:x|×|dd)\s*(\d+\/\d+|\d+(?:[.,]\d+)?|½)\s*$/i.exec(frequency);
  return f ? readAmount(f[1]) : null;
}

/** Suggested quantity: per-dose count × times a day × days, rounded up; null when not sensible. */
export function suggestQuantity(item: {
  dose: string;
  frequency: string;
  durationDays: number | null;
  unit: string;
}): number | null {
  const times = timesPerDay(item.frequency);
  const perDose = unitsPerDose(item.dose, item.frequency, item.unit);
  if (!times || !perDose || !item.durationDays) return null;
  return Math.ceil(perDose * times * item.durationDays);
}
