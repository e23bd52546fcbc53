import { RACIKAN_FEES } from '@klinikita/domain/pharmacy/pharmacy.racikan';
import { eq, sql } from 'drizzle-orm';
import { pharmacySettings, prescriptionFees, prescriptionSubstitutions } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../shared/sql.ts';

/** The pharmacy's substitutions, racikan fees and settings, and what the labels print (SQL). */

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];

/** A timestamp as ISO text in UTC, the same on both drivers. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface SubstitutionRow {
  line: number;
  fromName: string;
  itemId: number;
  itemUid: string;
  name: string;
  reason: string;
  byName: string | null;
  at: string;
}

/** The substitutes of a prescription's lines (one per line). */
export function substitutionsOf(db: Executor, prescriptionId: number) {
  return rowsOf<SubstitutionRow>(
    db,
    sql`SELECT s.line, s.from_name AS "fromName", d.id AS "itemId", d.uid AS "itemUid",
          trim(d.name || ' ' || coalesce(d.strength, '')) AS name, s.reason, u.name AS "byName",
          ${iso('s.at')} AS at
        FROM prescription_substitutions s JOIN drugs d ON d.id = s.item_id
        LEFT JOIN users u ON u.id = s.user_id
        WHERE s.prescription_id = ${prescriptionId} ORDER BY s.line`,
  );
}

/** Records a line's substitute; a later one for the same line replaces it. */
export async function saveSubstitution(tx: Tx, values: typeof prescriptionSubstitutions.$inferInsert) {
  await tx
    .insert(prescriptionSubstitutions)
    .values(values)
    .onConflictDoUpdate({
      target: [prescriptionSubstitutions.prescriptionId, prescriptionSubstitutions.line],
      set: {
        fromName: values.fromName,
        itemId: values.itemId,
        reason: values.reason,
        userId: values.userId,
        at: sql`now()`,
      },
    });
}

export async function insertFees(tx: Tx, rows: (typeof prescriptionFees.$inferInsert)[]) {
  if (rows.length) await tx.insert(prescriptionFees).values(rows);
}

/** What the labels print besides the lines: the clinic's name, the patient's date of birth. */
export async function labelHeader(db: Executor, prescriptionId: number) {
  const [row] = await rowsOf<{ clinicName: string; birthDate: string | null }>(
    db,
    sql`SELECT c.name AS "clinicName", pt.dob::text AS "birthDate"
        FROM prescriptions p JOIN clinics c ON c.id = p.clinic_id JOIN patients pt ON pt.id = p.patient_id
        WHERE p.id = ${prescriptionId}`,
  );
  return row;
}

/** The clinic's racikan fees: its own, else the defaults. */
export async function clinicFees(db: Executor, clinicId: number) {
  return (await feesOf(db, clinicId)) ?? { ...RACIKAN_FEES };
}

/** The clinic's racikan fees, or null when it has not set its own. */
export async function feesOf(db: Executor, clinicId: number) {
  const [row] = await db
    .select({
      compoundingPerLine: pharmacySettings.compoundingPerLine,
      packagingPerPacket: pharmacySettings.packagingPerPacket,
    })
    .from(pharmacySettings)
    .where(eq(pharmacySettings.clinicId, clinicId));
  return row ?? null;
}

export async function saveFees(
  db: Executor,
  clinicId: number,
  fees: { compoundingPerLine: number; packagingPerPacket: number },
  userId: number,
) {
  await db
    .insert(pharmacySettings)
    .values({ clinicId, ...fees, updatedBy: userId })
    .onConflictDoUpdate({
      target: pharmacySettings.clinicId,
      set: { ...fees, updatedBy: userId, updatedAt: sql`now()` },
    });
}
