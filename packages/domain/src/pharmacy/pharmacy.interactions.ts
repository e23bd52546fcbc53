import { INTERACTIONS, type InteractionSeverity } from './interactions.data.ts';

/**
 * Drug interactions among a prescription's lines (issue 17 §2), from the small reviewed table in
 * interactions.data.ts, which is not exhaustive. Pure: the server answers it with the prescription.
 */

/** One drug taken by a line: a drug line, or one ingredient of a racikan (the same line number). */
export interface InteractionDrug {
  line: number;
  /** Shown in the flag ('Ciprofloxacin 500 mg'). */
  name: string;
  /** Names matched against the table: the name, the generic name, a substitute's names. */
  names: readonly (string | null | undefined)[];
}

export interface InteractionFlag {
  lines: [number, number];
  drugs: [string, string];
  severity: InteractionSeverity;
  effect: string;
}

const SEVERITY_ORDER: Record<InteractionSeverity, number> = { major: 0, moderate: 1, minor: 2 };

const matches = (fragments: readonly string[], drug: InteractionDrug) => {
  const text = drug.names
    .filter(Boolean)
    .map((n) => n!.toLowerCase())
    .join(' | ');
  return fragments.some((f) => text.includes(f));
};

/** Every pair of the table found between two different drugs of the prescription; the gravest first. */
export function interactionsOf(drugs: readonly InteractionDrug[]): InteractionFlag[] {
  const found: InteractionFlag[] = [];
  const seen = new Set<string>();
  INTERACTIONS.forEach((pair, p) => {
    drugs.forEach((x, i) => {
      if (!matches(pair.a, x)) return;
      drugs.forEach((y, j) => {
        if (i === j || !matches(pair.b, y)) return;
        const [first, second] = i < j ? [i, j] : [j, i];
        const key = `${p}:${first}:${second}`;
        if (seen.has(key)) return;
        seen.add(key);
        const [a, b] = [drugs[first], drugs[second]];
        found.push({
          lines: [a.line, b.line],
          drugs: [a.name, b.name],
          severity: pair.severity,
          effect: pair.effect,
        });
      });
    });
  });
  return found.sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.lines[0] - b.lines[0],
  );
}
