import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { bills, insurers, registrations } from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The insurer master's reads and writes (every insurer read scoped to a corporate) and a visit's eligibility. */

export type InsurerRow = typeof insurers.$inferSelect;
export type InsurerValues = Omit<
  typeof insurers.$inferInsert,
  'id' | 'uid' | 'corpId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;

export async function listInsurerRows(
  db: Executor,
  corpId: number,
  q: { search?: string; kind?: InsurerRow['kind']; active?: 'true' | 'false'; page: number; limit: number },
) {
  const conditions: SQL[] = [eq(insurers.corpId, corpId)];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(or(ilike(insurers.name, p), ilike(insurers.code, p)) as SQL);
  }
  if (q.kind) conditions.push(eq(insurers.kind, q.kind));
  if (q.active) conditions.push(eq(insurers.active, q.active === 'true'));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(insurers)
    .where(where)
    .orderBy(asc(sql`lower(${insurers.name})`), asc(insurers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ n }] = await db.select({ n: count() }).from(insurers).where(where);
  return { rows, total: n };
}

export async function findInsurer(db: Executor, corpId: number, uid: string, lock = false) {
  const query = db
    .select()
    .from(insurers)
    .where(and(eq(insurers.uid, uid), eq(insurers.corpId, corpId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInsurer(
  db: Executor,
  values: InsurerValues & { uid: string; corpId: number; createdBy: number },
): Promise<InsurerRow> {
  const [row] = await db.insert(insurers).values(values).returning();
  return row;
}

export async function updateInsurerRow(db: Executor, id: number, values: Partial<InsurerValues>) {
  const [row] = await db
    .update(insurers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(insurers.id, id))
    .returning();
  return row;
}

/** The visit (locked) with whether its bill is posted; null when it does not exist in the corporate. */
export async function findVisitForEligibility(db: Executor, corpId: number, visitUid: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      uid: registrations.uid,
      clinicId: registrations.clinicId,
      patientId: registrations.patientId,
      payerType: registrations.payerType,
      queueNumber: registrations.queueNumber,
      insuranceNumber: registrations.insuranceNumber,
    })
    .from(registrations)
    .where(and(eq(registrations.uid, visitUid), eq(registrations.corpId, corpId)))
    .for('update');
  if (!row) return null;
  const [bill] = await db
    .select({ status: bills.status })
    .from(bills)
    .where(eq(bills.registrationId, row.id));
  return { ...row, billPosted: bill !== undefined && bill.status !== 'draft' };
}

/** The visit's insurer (its name and member number kept in the old columns too) and eligibility. */
export async function writeEligibility(
  db: Executor,
  registrationId: number,
  values: {
    insurerId: number;
    insuranceName: string;
    insuranceNumber: string | null;
    /** null: the insurer noted, its eligibility not checked (then nor by whom, nor when). */
    eligibilityStatus: 'eligible' | 'not_eligible' | 'pending' | null;
    eligibilityReference: string | null;
    eligibilityCoveredAmount: number | null;
    eligibilityNote: string | null;
    eligibilityCheckedBy: number | null;
    eligibilityCheckedAt: Date | null;
  },
): Promise<void> {
  await db
    .update(registrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(registrations.id, registrationId));
}
