import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  bills,
  cashierShifts,
  clinicDayCloses,
  paymentParts,
  payments,
  registrations,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * Cashier shifts' and the day close's reads and writes. A shift row is locked (`FOR UPDATE`)
 * before it is closed or approved; a payment finds its shift by the cashier and clinic.
 */

export type ShiftRow = typeof cashierShifts.$inferSelect;

export async function findOpenShift(
  db: Executor,
  cashierId: number,
  clinicId: number,
  lock?: 'update' | 'share',
): Promise<ShiftRow | null> {
  const query = db
    .select()
    .from(cashierShifts)
    .where(
      and(
        eq(cashierShifts.cashierId, cashierId),
        eq(cashierShifts.clinicId, clinicId),
        eq(cashierShifts.status, 'open'),
      ),
    );
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function findShift(
  db: Executor,
  corpId: number,
  clinicIds: readonly number[],
  uid: string,
  lock = false,
): Promise<ShiftRow | null> {
  const query = db
    .select()
    .from(cashierShifts)
    .where(
      and(
        eq(cashierShifts.uid, uid),
        eq(cashierShifts.corpId, corpId),
        inArray(cashierShifts.clinicId, [...clinicIds]),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertShift(db: Executor, values: typeof cashierShifts.$inferInsert) {
  const [row] = await db.insert(cashierShifts).values(values).returning();
  return row;
}

export async function updateShift(db: Executor, id: number, values: Partial<ShiftRow>) {
  const [row] = await db.update(cashierShifts).set(values).where(eq(cashierShifts.id, id)).returning();
  return row;
}

/** The parts of every payment and reversal of the given shifts, with their shift. */
export function partsOfShifts(db: Executor, shiftIds: readonly number[]) {
  if (shiftIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      shiftId: sql<number>`${payments.shiftId}`,
      paymentId: payments.id,
      method: paymentParts.method,
      amount: paymentParts.amount,
    })
    .from(paymentParts)
    .innerJoin(payments, eq(payments.id, paymentParts.paymentId))
    .where(inArray(payments.shiftId, [...shiftIds]))
    .orderBy(asc(payments.id), asc(paymentParts.seq));
}

export function paymentsOfShift(db: Executor, shiftId: number) {
  return db
    .select({
      id: payments.id,
      uid: payments.uid,
      receiptNumber: payments.receiptNumber,
      billNumber: bills.number,
      createdAt: payments.createdAt,
      amount: payments.amount,
      reversesPaymentId: payments.reversesPaymentId,
    })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(eq(payments.shiftId, shiftId))
    .orderBy(asc(payments.id));
}

export function namesOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export async function listShiftRows(
  db: Executor,
  clinicId: number,
  filter: { day?: string; status?: string; cashierId?: number },
  page: number,
  limit: number,
) {
  const where = and(
    eq(cashierShifts.clinicId, clinicId),
    filter.day ? eq(cashierShifts.day, filter.day) : undefined,
    filter.status ? eq(cashierShifts.status, filter.status) : undefined,
    filter.cashierId ? eq(cashierShifts.cashierId, filter.cashierId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(cashierShifts).where(where);
  const rows = await db
    .select()
    .from(cashierShifts)
    .where(where)
    .orderBy(desc(cashierShifts.openedAt), desc(cashierShifts.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total };
}

// the day close

export async function openWorkOfDay(db: Executor, clinicId: number, day: string) {
  const [billsOpen] = await db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.clinicId, clinicId), eq(bills.serviceDay, day), eq(bills.status, 'posted')));
  const [visitsOpen] = await db
    .select({ n: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, clinicId),
        eq(registrations.queueDate, day),
        eq(registrations.status, 'Payment'),
      ),
    );
  const [shiftsOpen] = await db
    .select({ n: count() })
    .from(cashierShifts)
    .where(
      and(
        eq(cashierShifts.clinicId, clinicId),
        lte(cashierShifts.day, day),
        eq(cashierShifts.status, 'open'),
      ),
    );
  return { bills: billsOpen.n, visits: visitsOpen.n, shifts: shiftsOpen.n };
}

export function shiftsOfDay(db: Executor, clinicId: number, day: string) {
  return db
    .select()
    .from(cashierShifts)
    .where(and(eq(cashierShifts.clinicId, clinicId), eq(cashierShifts.day, day)));
}

export async function findDayClose(db: Executor, clinicId: number, day: string) {
  const [row] = await db
    .select()
    .from(clinicDayCloses)
    .where(and(eq(clinicDayCloses.clinicId, clinicId), eq(clinicDayCloses.day, day)));
  return row ?? null;
}

export async function insertDayClose(db: Executor, values: typeof clinicDayCloses.$inferInsert) {
  const [row] = await db.insert(clinicDayCloses).values(values).returning();
  return row;
}
