/**
 * How the lab reads a visit's order: the items a doctor ticked (or the front office typed) matched
 * to the corporate's lab tests and panels, the ordering doctor and clinic, the priority. Pure.
 */

/**
 * The examination screen's quick picks (ORDER_CATALOGUE.LAB in
 * packages/domain/src/consultations/consultation.rules.ts) whose words differ from the service
 * master's names, by lower-case item → service code. A code, an Indonesian or an English name
 * matches first; these only when nothing does. The lipid components are results of the lipid
 * profile (LDL is calculated from the other three). The picks the demo catalogue has no test for
 * (Hemoglobin, Leukosit, Trombosit, Laju Endap Darah, HbA1c, Feses Lengkap, Widal, NS1, dengue
 * serology, Anti HIV, Tes Kehamilan, Golongan Darah) stay unmatched until the lab adds the test
 * under that name on /panel; then they match by name.
 */
export const ORDER_ALIASES: Readonly<Record<string, string>> = {
  'gula darah sewaktu': 'LAB-GDS',
  'gula darah puasa': 'LAB-GDP',
  'gula darah 2 jam pp': 'LAB-GD2PP',
  'glukosa darah 2 jam pp': 'LAB-GD2PP',
  'kolesterol total': 'LAB-LIPID',
  hdl: 'LAB-LIPID',
  ldl: 'LAB-LIPID',
  trigliserida: 'LAB-LIPID',
  sgot: 'LAB-SGOT',
  sgpt: 'LAB-SGPT',
  urinalisis: 'LAB-UL',
};

/** Lower case, single spaces: how items and names are compared. */
export const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export interface Orderable {
  id: number;
  code: string;
  nameId: string;
  nameEn: string;
}

/**
 * The catalogue's tests and panels named by the items, in the order named and each once, and the
 * items nothing matched (as typed).
 */
export function matchItems<S extends Orderable>(
  items: readonly string[],
  catalogue: readonly S[],
): { matched: S[]; unmatched: string[] } {
  const byKey = new Map<string, S>();
  // a code wins over a name, an Indonesian name over an English one
  for (const key of ['nameEn', 'nameId', 'code'] as const)
    for (const s of catalogue) byKey.set(normalise(s[key]), s);
  const byCode = new Map(catalogue.map((s) => [normalise(s.code), s]));
  const matched: S[] = [];
  const unmatched: string[] = [];
  for (const item of items) {
    const key = normalise(item);
    if (!key) continue;
    const alias = ORDER_ALIASES[key];
    const found = byKey.get(key) ?? (alias ? byCode.get(normalise(alias)) : undefined);
    if (!found) unmatched.push(item.trim());
    else if (!matched.includes(found)) matched.push(found);
  }
  return { matched, unmatched };
}

/** A front-office lab visit's complaint as its items: "Darah Lengkap, Asam Urat". */
export const itemsOfText = (text: string | null) =>
  (text ?? '')
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** "dr. Budi (Klinik Pratama Klinikita Menteng)" → the doctor and the clinic; a plain name is the doctor. */
export function splitReferrer(referrer: string | null): {
  doctorName: string | null;
  clinicName: string | null;
} {
  const text = referrer?.trim() ?? '';
  if (!text) return { doctorName: null, clinicName: null };
  const m = /^(.*\S)\s*\(([^()]+)\)$/.exec(text);
  return m ? { doctorName: m[1], clinicName: m[2].trim() } : { doctorName: text, clinicName: null };
}

/** A priority order: the doctor's note (or the front office's text) says "cito". */
export const isCito = (...texts: (string | null | undefined)[]) =>
  texts.some((t) => /\bcito\b/i.test(t ?? ''));
