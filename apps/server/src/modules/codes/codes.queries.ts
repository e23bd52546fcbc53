import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinicCodes } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { ClinicCodeRow, CodeRow } from './codes.mapper.ts';

const ROW_COLUMNS = sql`m.system, m.code, m.title_id AS "titleId", m.title_en AS "titleEn",
  c.title_id AS "clinicTitleId", c.title_en AS "clinicTitleEn", c.favourite`;

/** Every word somewhere in `text` (each a LIKE the trigram index answers). */
const allWords = (text: SQL, words: string[]) =>
  sql.join(
    words.map((w) => sql`${text} LIKE ${`%${escapeLike(w)}%`}`),
    sql` AND `,
  );

export interface CodeSearch {
  system: CodeSystem;
  clinicId: number;
  /** Lower-case words, each must match; none: the clinic's favourites. */
  words: string[];
  /** The whole search as a code would be written ('J06.9'), for exact and prefix ranking. */
  code: string;
  favouritesOnly: boolean;
  limit: number;
}

/** How many of the words begin a word of the search text ('ispa' begins ISPA, not Epispadias). */
const wordStarts = (words: string[]) =>
  words.length
    ? sql.join(
        words.map((w) => sql`(CASE WHEN (' ' || m.search) LIKE ${`% ${escapeLike(w)}%`} THEN 1 ELSE 0 END)`),
        sql` + `,
      )
    : sql`0`;

/** How many hits the closeness of words is measured on (a one-letter search hits thousands). */
const RANKED = 200;

/**
 * Codes whose search text (or the clinic's own titles) holds every word, ranked: the clinic's
 * favourites, the exact code, codes starting with the search (in code order), then the closest
 * words and the shortest title. Word closeness is measured on the best {@link RANKED} hits only.
 */
export async function searchCodes(db: Executor, q: CodeSearch): Promise<CodeRow[]> {
  // The planner prices the trigram index above a scan of this small, always cached table, yet
  // the index answers in 1–2 ms where the scan takes 7–16 ms (PostgreSQL 15, 10,866 rows): for
  // words the index can use (3 letters or more) scans are off for this one query. The OFFSET 0
  // fence keeps the system filter (96% of the rows) from steering the plan to the primary key.
  if (q.words.length && q.words.every((w) => w.length >= 3)) {
    return (db as Db).transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return runSearch(tx, q);
    });
  }
  return runSearch(db, q);
}

async function runSearch(db: Executor, q: CodeSearch): Promise<CodeRow[]> {
  const hits = q.words.length
    ? sql`SELECT t.code FROM (
          SELECT m.system, m.code FROM medical_codes m WHERE ${allWords(sql`m.search`, q.words)} OFFSET 0
        ) t WHERE t.system = ${q.system}
        UNION
        SELECT c.code FROM clinic_codes c
        JOIN medical_codes m ON m.system = c.system AND m.code = c.code
        WHERE c.clinic_id = ${q.clinicId} AND c.system = ${q.system}
          AND ${allWords(sql`lower(coalesce(c.title_id, '') || ' ' || coalesce(c.title_en, '') || ' ' || m.search)`, q.words)}`
    : sql`SELECT c.code FROM clinic_codes c
        WHERE c.clinic_id = ${q.clinicId} AND c.system = ${q.system} AND c.favourite`;
  const bare = q.code.replace('.', '');
  const result = await db.execute<CodeRow>(sql`
    WITH hits AS (${hits}),
    keyed AS (
      SELECT ${ROW_COLUMNS}, m.search,
        coalesce(c.favourite, false) AS fav,
        (m.code = ${q.code} OR replace(m.code, '.', '') = ${bare}) AS exact,
        replace(m.code, '.', '') LIKE ${`${escapeLike(bare)}%`} AS prefixed,
        m.common,
        ${wordStarts(q.words)} AS starts
      FROM hits h
      JOIN medical_codes m ON m.system = ${q.system} AND m.code = h.code
      LEFT JOIN clinic_codes c ON c.clinic_id = ${q.clinicId} AND c.system = m.system AND c.code = m.code
      ${q.favouritesOnly ? sql`WHERE c.favourite` : sql``}
    ),
    candidates AS (
      SELECT * FROM keyed
      ORDER BY fav DESC, exact DESC, prefixed DESC, CASE WHEN prefixed THEN code END, starts DESC, common DESC,
        length("titleEn"), code
      LIMIT ${RANKED}
    )
    SELECT system, code, "titleId", "titleEn", "clinicTitleId", "clinicTitleEn", favourite
    FROM candidates
    ORDER BY fav DESC, exact DESC, prefixed DESC, CASE WHEN prefixed THEN code END, starts DESC, common DESC,
      word_similarity(${q.words.join(' ')}, search) DESC, length("titleEn"), code
    LIMIT ${q.limit}`);
  return result.rows;
}

/** One shipped code (written with or without its dot, any case) with the clinic's marks. */
export async function findCode(
  db: Executor,
  system: CodeSystem,
  code: string,
  clinicId: number,
): Promise<CodeRow | null> {
  const wanted = code.trim().toUpperCase();
  const result = await db.execute<CodeRow>(sql`
    SELECT ${ROW_COLUMNS}
    FROM medical_codes m
    LEFT JOIN clinic_codes c ON c.clinic_id = ${clinicId} AND c.system = m.system AND c.code = m.code
    WHERE m.system = ${system} AND (m.code = ${wanted} OR replace(m.code, '.', '') = ${wanted.replace('.', '')})
    ORDER BY (m.code = ${wanted}) DESC
    LIMIT 1`);
  return result.rows[0] ?? null;
}

/** The clinic's marks on a code; a row left with nothing to say is removed. */
export async function saveClinicCode(
  db: Executor,
  key: { clinicId: number; system: CodeSystem; code: string },
  marks: { titleId: string | null; titleEn: string | null; favourite: boolean; updatedBy: number },
): Promise<void> {
  const where = and(
    eq(clinicCodes.clinicId, key.clinicId),
    eq(clinicCodes.system, key.system),
    eq(clinicCodes.code, key.code),
  );
  if (marks.titleId === null && marks.titleEn === null && !marks.favourite) {
    await db.delete(clinicCodes).where(where);
    return;
  }
  await db
    .insert(clinicCodes)
    .values({ ...key, ...marks })
    .onConflictDoUpdate({
      target: [clinicCodes.clinicId, clinicCodes.system, clinicCodes.code],
      set: { ...marks, updatedAt: sql`now()` },
    });
}

export interface ClinicCodeFilter {
  clinicIds: number[];
  system?: CodeSystem;
  kind?: 'corrected' | 'favourite';
  /** Lower-case words, each somewhere in the code or a title (shipped or the clinic's). */
  words: string[];
  page: number;
  limit: number;
}

/** The clinics' marked codes with the shipped titles beside them, by clinic, system and code. */
export async function pageClinicCodes(
  db: Executor,
  q: ClinicCodeFilter,
): Promise<{ rows: ClinicCodeRow[]; total: number }> {
  if (!q.clinicIds.length) return { rows: [], total: 0 };
  const conditions: SQL[] = [
    sql`c.clinic_id IN (${sql.join(
      q.clinicIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  ];
  if (q.system) conditions.push(sql`c.system = ${q.system}`);
  if (q.kind === 'favourite') conditions.push(sql`c.favourite`);
  if (q.kind === 'corrected') conditions.push(sql`(c.title_id IS NOT NULL OR c.title_en IS NOT NULL)`);
  if (q.words.length)
    conditions.push(
      allWords(
        sql`lower(coalesce(c.title_id, '') || ' ' || coalesce(c.title_en, '') || ' ' || m.search)`,
        q.words,
      ),
    );
  const from = sql`FROM clinic_codes c
    JOIN medical_codes m ON m.system = c.system AND m.code = c.code
    JOIN clinics cl ON cl.id = c.clinic_id
    WHERE ${sql.join(conditions, sql` AND `)}`;
  const counted = await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${from}`);
  const result = await db.execute<ClinicCodeRow>(sql`
    SELECT c.clinic_id AS "clinicId", cl.name AS "clinicName", c.system, c.code,
      m.title_id AS "officialTitleId", m.title_en AS "officialTitleEn",
      c.title_id AS "titleId", c.title_en AS "titleEn", c.favourite, c.updated_at AS "updatedAt"
    ${from}
    ORDER BY c.clinic_id, c.system, c.code
    LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`);
  return { rows: result.rows, total: Number(counted.rows[0]?.total ?? 0) };
}
