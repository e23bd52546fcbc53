import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { medicalCodes } from '../schema/index.ts';

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data');
const FILES: Record<CodeSystem, string> = { icd10: 'icd10.json', icd9cm: 'icd9cm.json' };
// 2,000 rows × 6 parameters stays well under PostgreSQL's 65,535 parameters per statement
const BATCH = 2000;

interface CodeEntry {
  code: string;
  en: string;
  id: string;
  /** Everyday primary care: reviewed Indonesian title, ranked first, searchable by common words. */
  common?: boolean;
  /** The source's Indonesian title where the reviewed one replaced it, and the words clinics use. */
  also?: string;
}

/** Reviewed titles and everyday words of the diagnoses a primary-care clinic codes most. */
interface PrimaryCareEntry {
  code: string;
  id: string;
  alias?: string;
}

/** What the search column holds: the code with and without its dot and both titles, lower case. */
export function searchText(entry: CodeEntry): string {
  return [entry.code, entry.code.replace('.', ''), entry.en, entry.id, entry.also ?? '']
    .join(' ')
    .trim()
    .toLowerCase();
}

/**
 * The shipped ICD-10 titles are machine-translated in places (A38 scarlet fever reads "Demam
 * berdarah", which a doctor reads as dengue): the diagnoses of everyday primary care carry a
 * reviewed title, and the source's title stays searchable.
 */
function withPrimaryCare(entries: CodeEntry[]): CodeEntry[] {
  const reviewed = JSON.parse(
    readFileSync(path.join(DATA_DIR, 'icd10-primary-care.json'), 'utf8'),
  ) as PrimaryCareEntry[];
  const byCode = new Map(reviewed.map((r) => [r.code, r]));
  const known = new Set(entries.map((e) => e.code));
  const unknown = reviewed.filter((r) => !known.has(r.code)).map((r) => r.code);
  if (unknown.length)
    throw new Error(`icd10-primary-care.json names codes not in icd10.json: ${unknown.join(', ')}`);
  return entries.map((e) => {
    const r = byCode.get(e.code);
    return r ? { ...e, id: r.id, common: true, also: [e.id, r.alias ?? ''].join(' ') } : e;
  });
}

function readEntries(system: CodeSystem): CodeEntry[] {
  const raw = JSON.parse(readFileSync(path.join(DATA_DIR, FILES[system]), 'utf8')) as CodeEntry[];
  const entries = system === 'icd10' ? withPrimaryCare(raw) : raw;
  // byte order, as `ORDER BY code COLLATE "C"` sorts them for the fingerprint
  return entries.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** One digest of every code and title: equal digests mean the table already holds the file. */
const fingerprintOf = (entries: CodeEntry[]) =>
  createHash('md5')
    .update(
      entries.map((e) => `${e.code}|${e.en}|${e.id}|${e.common ? 't' : 'f'}|${searchText(e)}`).join('\n'),
    )
    .digest('hex');

async function storedFingerprint(db: Db, system: CodeSystem): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT md5(string_agg(code || '|' || title_en || '|' || title_id || '|' || CASE WHEN common THEN 't' ELSE 'f' END
      || '|' || search, E'\n' ORDER BY code COLLATE "C"))
      AS digest
    FROM ${medicalCodes} WHERE system = ${system}`);
  return ((result.rows[0] as { digest: string | null } | undefined)?.digest ?? null) as string | null;
}

/**
 * Loads the shipped ICD-10 and ICD-9-CM files into `medical_codes` (upsert in large multi-row
 * inserts, codes dropped from a file removed). Runs at every start: a system whose rows already
 * match its file (one digest over the table, a few milliseconds) is left alone.
 */
export async function loadMedicalCodes(db: Db): Promise<{ loaded: CodeSystem[] }> {
  const loaded: CodeSystem[] = [];
  for (const system of Object.keys(FILES) as CodeSystem[]) {
    const entries = readEntries(system);
    if ((await storedFingerprint(db, system)) === fingerprintOf(entries)) continue;
    await db.transaction(async (tx) => {
      for (let i = 0; i < entries.length; i += BATCH) {
        await tx
          .insert(medicalCodes)
          .values(
            entries.slice(i, i + BATCH).map((e) => ({
              system,
              code: e.code,
              titleEn: e.en,
              titleId: e.id,
              search: searchText(e),
              common: e.common ?? false,
            })),
          )
          .onConflictDoUpdate({
            target: [medicalCodes.system, medicalCodes.code],
            set: {
              titleEn: sql`excluded.title_en`,
              titleId: sql`excluded.title_id`,
              search: sql`excluded.search`,
              common: sql`excluded.common`,
            },
          });
      }
      await tx.delete(medicalCodes).where(
        and(
          eq(medicalCodes.system, system),
          notInArray(
            medicalCodes.code,
            entries.map((e) => e.code),
          ),
        ),
      );
    });
    loaded.push(system);
  }
  return { loaded };
}
