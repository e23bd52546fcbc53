/**
 * A racikan's ingredients and fees (issue 17 §3, research/operations.md §1.4). The doctor writes
 * each ingredient's amount per packet (dosis tiap bungkus, dtd): '1/2 tab', '1 tablet', '2,5 ml',
 * '250 mg'. The stock it takes is that amount in the drug's base unit times the packets.
 */

const UNIT_WORDS: Record<string, string> = {
  tab: 'tablet',
  tabs: 'tablet',
  tablet: 'tablet',
  tablets: 'tablet',
  tbl: 'tablet',
  kaplet: 'kaplet',
  caplet: 'kaplet',
  kap: 'kapsul',
  kaps: 'kapsul',
  kapsul: 'kapsul',
  caps: 'kapsul',
  capsule: 'kapsul',
  ml: 'ml',
  cc: 'ml',
  g: 'g',
  gr: 'g',
  gram: 'g',
  mg: 'mg',
  mcg: 'mcg',
  µg: 'mcg',
  bungkus: 'bungkus',
  sachet: 'sachet',
};

/** A unit word in one spelling ('TAB', 'Tablet', 'tab.' → 'tablet'). */
export const unitWord = (unit: string) => {
  const w = unit.trim().toLowerCase().replace(/\.$/, '');
  return UNIT_WORDS[w] ?? w;
};

const MASS_IN_MG: Record<string, number> = { mg: 1, g: 1000, mcg: 0.001 };

const number = /(\d+(?:[.,]\d+)?)/.source;

/** '1/2' → 0.5, '1 1/2' → 1.5, '0,5' → 0.5, '2' → 2; null when not a number. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  const mixed = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (mixed) return Number(mixed[3]) ? Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]) : null;
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (fraction) return Number(fraction[2]) ? Number(fraction[1]) / Number(fraction[2]) : null;
  const plain = new RegExp(`^${number}$`).exec(t);
  return plain ? Number(plain[1].replace(',', '.')) : null;
}

/** '250 mg' → { value: 250, unit: 'mg' }; '1/2 tab' → { value: 0.5, unit: 'tablet' }. */
export function parseAmount(amount: string): { value: number; unit: string } | null {
  const m = /^([\d\s.,/]+?)\s*([^\d\s./][^\d]*)$/.exec(amount.trim());
  if (!m) return null;
  const value = parseQuantity(m[1]);
  return value && value > 0 ? { value, unit: unitWord(m[2]) } : null;
}

/** The mg in one base unit from the master's strength: '500 mg' per tablet, '120 mg/5 ml' per ml. */
export function mgPerBaseUnit(strength: string | null, baseUnit: string): number | null {
  if (!strength) return null;
  const m = new RegExp(`^${number}\\s*(mg|g|mcg)\\s*(?:/\\s*${number}?\\s*([a-z]+))?$`, 'i').exec(
    strength.trim(),
  );
  if (!m) return null;
  const mg = Number(m[1].replace(',', '.')) * MASS_IN_MG[m[2].toLowerCase()];
  if (!m[4]) return mg;
  // a concentration counts per its volume unit only when stock counts in that unit
  if (unitWord(m[4]) !== unitWord(baseUnit)) return null;
  const per = m[3] ? Number(m[3].replace(',', '.')) : 1;
  return per > 0 ? mg / per : null;
}

export type PerPacket =
  | { ok: true; quantity: number }
  | { ok: false; problem: 'amount' | 'unit' | 'strength' };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * One packet's quantity of an ingredient in the drug's base unit: the amount as written when its
 * unit is the base unit; a mass (mg, g, mcg) through the master's strength; refused otherwise.
 */
export function perPacket(amount: string, drug: { baseUnit: string; strength: string | null }): PerPacket {
  const parsed = parseAmount(amount);
  if (!parsed) return { ok: false, problem: 'amount' };
  if (parsed.unit === unitWord(drug.baseUnit)) return { ok: true, quantity: round3(parsed.value) };
  const mass = MASS_IN_MG[parsed.unit];
  if (mass === undefined) return { ok: false, problem: 'unit' };
  const mg = mgPerBaseUnit(drug.strength, drug.baseUnit);
  if (!mg) return { ok: false, problem: 'strength' };
  return { ok: true, quantity: round3((parsed.value * mass) / mg) };
}

/** The packets of a racikan line: its quantity, whole. */
export const packetsOf = (quantity: number) => Math.max(0, Math.ceil(quantity - 1e-9));

/**
 * The racikan fees per clinic until a settings screen exists (issue 17 §3): a compounding fee per
 * racikan line and a packaging fee per packet, whole rupiah.
 */
export const RACIKAN_FEES = { compoundingPerLine: 5_000, packagingPerPacket: 500 } as const;

/** The fees racikan lines are charged: compounding per line, packaging per packet. */
export function racikanFees(
  lines: readonly { kind: string; quantity: number }[],
  fees: { compoundingPerLine: number; packagingPerPacket: number } = RACIKAN_FEES,
) {
  const racikan = lines.filter((l) => l.kind === 'compound');
  return {
    compounding: racikan.length * fees.compoundingPerLine,
    packaging: racikan.reduce((n, l) => n + packetsOf(l.quantity), 0) * fees.packagingPerPacket,
  };
}
