import { sql } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';

/** The monthly narcotics and psychotropics report's one read over the clinic's stock movements. */

export interface NarcoticsRow {
  itemUid: string;
  name: string;
  strength: string | null;
  drugClass: 'narcotic' | 'psychotropic';
  kfaCode: string | null;
  baseUnit: string;
  opening: number;
  in: number;
  out: number;
  adjust: number;
  closing: number;
}

const list = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/**
 * Per narcotic or psychotropic item of the corporate (active, or moved at the clinic): the
 * clinic's on-hand before `from` (opening) and before `to` (closing), and within [from, to) what
 * came in, went out and was corrected. Days are the clinic's: `from` and `to` are local midnights.
 * A transfer between two locations of the same clinic is neither in nor out (it moves nothing at
 * the clinic); one to or from another clinic is.
 */
export function narcoticsRows(
  db: Executor,
  p: {
    corpId: number;
    clinicId: number;
    from: string;
    to: string;
    timeZone: string;
    inKinds: readonly string[];
    outKinds: readonly string[];
    adjustKinds: readonly string[];
  },
): Promise<NarcoticsRow[]> {
  const from = sql`(${p.from}::timestamp AT TIME ZONE ${p.timeZone})`;
  const to = sql`(${p.to}::timestamp AT TIME ZONE ${p.timeZone})`;
  return db
    .execute(
      sql`WITH m AS (
            SELECT m.item_id, m.kind, m.quantity, m.created_at,
              (m.kind IN ('transfer_in', 'transfer_out') AND EXISTS (
                SELECT 1 FROM stock_movements o WHERE o.reference_type = m.reference_type
                  AND o.reference_uid = m.reference_uid AND o.clinic_id = m.clinic_id AND o.kind <> m.kind
              )) AS internal
            FROM stock_movements m JOIN drugs d ON d.id = m.item_id
            WHERE m.clinic_id = ${p.clinicId} AND m.created_at < ${to}
              AND d.drug_class IN ('narcotic', 'psychotropic')
          ), t AS (
            SELECT item_id,
              coalesce(sum(quantity) FILTER (WHERE created_at < ${from}), 0) AS opening,
              coalesce(sum(quantity) FILTER (WHERE created_at >= ${from} AND NOT internal
                AND kind IN (${list(p.inKinds)})), 0) AS "in",
              coalesce(-sum(quantity) FILTER (WHERE created_at >= ${from} AND NOT internal
                AND kind IN (${list(p.outKinds)})), 0) AS "out",
              coalesce(sum(quantity) FILTER (WHERE created_at >= ${from}
                AND kind IN (${list(p.adjustKinds)})), 0) AS adjust,
              sum(quantity) AS closing
            FROM m GROUP BY item_id
          )
          SELECT d.uid AS "itemUid", d.name, d.strength, d.drug_class AS "drugClass", d.kfa_code AS "kfaCode",
            coalesce(d.base_unit, d.unit) AS "baseUnit",
            coalesce(t.opening, 0)::float8 AS opening, coalesce(t."in", 0)::float8 AS "in",
            coalesce(t."out", 0)::float8 AS "out", coalesce(t.adjust, 0)::float8 AS adjust,
            coalesce(t.closing, 0)::float8 AS closing
          FROM drugs d LEFT JOIN t ON t.item_id = d.id
          WHERE d.corp_id = ${p.corpId} AND d.drug_class IN ('narcotic', 'psychotropic')
            AND (t.item_id IS NOT NULL OR (d.active AND d.deleted_at IS NULL))
          ORDER BY d.drug_class, lower(d.name), d.id`,
    )
    .then((r) => r.rows as unknown as NarcoticsRow[]);
}
