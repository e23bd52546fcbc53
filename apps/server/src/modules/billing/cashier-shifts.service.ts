import {
  type ShiftTotals,
  shiftTotals,
  statusAfterClose,
  varianceOf,
} from '@klinikita/domain/billing/cashier-shifts.rules';
import type {
  CloseShiftInput,
  DayClose,
  DayCloseInput,
  OpenShiftInput,
  Shift,
  ShiftListQuery,
  ShiftReport,
} from '@klinikita/domain/billing/cashier-shifts.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { answer } from '../../shared/route.ts';
import { type Executor, isUniqueViolation } from '../../shared/sql.ts';
import {
  findDayClose,
  findOpenShift,
  findShift,
  insertDayClose,
  insertShift,
  listShiftRows,
  namesOf,
  openWorkOfDay,
  partsOfShifts,
  paymentsOfShift,
  type ShiftRow,
  shiftsOfDay,
  updateShift,
} from './cashier-shifts.queries.ts';
import { depositsOfShifts } from './deposits.queries.ts';

/**
 * Cashier shifts and the day close (issue 18 §4, research/operations.md §3.7). A cashier has at
 * most one open shift per clinic (a partial unique index); every payment and reversal names the
 * shift it was taken in, so the shift's expected cash is the float plus its cash parts. Closing
 * with a variance needs a reason and waits for a second person holding `bill.approve`.
 */

const refuse = (status: number, key: string, params: Record<string, string | number> = {}, field?: string) =>
  new AppError(
    status,
    `cashierShifts.${key}`,
    params,
    field ? [{ path: field, key: `cashierShifts.${key}Field` }] : [],
  );

/** The open shift a payment or reversal is taken in, or 409 "Buka shift kasir terlebih dahulu". */
export async function shiftForPayment(db: Executor, userIds: readonly number[], clinicId: number) {
  for (const userId of userIds) {
    const shift = await findOpenShift(db, userId, clinicId, 'share');
    if (shift) return shift;
  }
  throw refuse(409, 'noShift');
}

/**
 * A payment, reversal or deposit is dated on the clinic's today: once that day is closed
 * (`POST /billing/days/close`) nothing more is booked on it (409).
 */
export async function refuseClosedDay(db: Executor, clinic: { id: number; timeZone: string }) {
  const day = clinicDay(clinic.timeZone);
  if (await findDayClose(db, clinic.id, day)) throw refuse(409, 'dayIsClosed', { day });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function totalsByShift(db: Executor, rows: readonly ShiftRow[]) {
  const parts = await partsOfShifts(
    db,
    rows.map((r) => r.id),
  );
  const deposits = await depositsOfShifts(
    db,
    rows.map((r) => r.id),
  );
  const totals = new Map<number, ShiftTotals & { payments: number }>();
  for (const r of rows) {
    const mine = parts.filter((p) => p.shiftId === r.id);
    totals.set(r.id, {
      ...shiftTotals(
        r.openingFloat,
        mine,
        deposits.filter((d) => d.shiftId === r.id),
      ),
      payments: new Set(mine.map((p) => p.paymentId)).size,
    });
  }
  return totals;
}

async function toShifts(db: Executor, rows: readonly ShiftRow[]): Promise<Shift[]> {
  const totals = await totalsByShift(db, rows);
  const ids = new Set(rows.flatMap((r) => (r.approvedBy ? [r.cashierId, r.approvedBy] : [r.cashierId])));
  const names = new Map((await namesOf(db, [...ids])).map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    uid: r.uid,
    clinicId: r.clinicId,
    cashier: { id: r.cashierId, name: names.get(r.cashierId) ?? '' },
    day: r.day,
    openedAt: r.openedAt.toISOString(),
    openingFloat: r.openingFloat,
    closedAt: iso(r.closedAt),
    countedCash: r.countedCash,
    expectedCash: r.expectedCash,
    variance: r.variance,
    varianceReason: r.varianceReason,
    approvedBy: r.approvedBy ? (names.get(r.approvedBy) ?? '') : null,
    approvedAt: iso(r.approvedAt),
    status: r.status as Shift['status'],
    totals: totals.get(r.id)!,
  }));
}

const toShift = async (db: Executor, row: ShiftRow) => (await toShifts(db, [row]))[0];

const audit = (
  db: Executor,
  session: AuthSession,
  ip: string,
  row: ShiftRow,
  action: string,
  detail: unknown,
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity: 'cashierShift',
    entityId: row.uid,
    ip,
    detail,
  });

export async function getCurrentShift(db: Db, session: AuthSession, clinicId: number) {
  clinicOf(session, clinicId);
  const open = await findOpenShift(db, session.userId, clinicId);
  const pending = await listShiftRows(
    db,
    clinicId,
    { status: 'pending_approval', cashierId: session.userId },
    1,
    20,
  );
  return {
    shift: open ? await toShift(db, open) : null,
    pending: await toShifts(db, pending.rows),
  };
}

/** A shift opens on the clinic's today, never on a day already closed (409). */
export async function openShift(db: Db, session: AuthSession, input: OpenShiftInput, ip: string) {
  const clinic = clinicOf(session, input.clinicId);
  if (await findOpenShift(db, session.userId, clinic.id)) throw refuse(409, 'alreadyOpen');
  try {
    return await db.transaction(async (tx) => {
      const day = clinicDay(clinic.timeZone);
      if (await findDayClose(tx, clinic.id, day)) throw refuse(409, 'dayClosedNoShift', { day });
      const row = await insertShift(tx, {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: clinic.id,
        cashierId: session.userId,
        day,
        openingFloat: input.openingFloat,
      });
      await audit(tx, session, ip, row, 'shift.open', input);
      return toShift(tx, row);
    });
  } catch (error) {
    // two opens at once: the partial unique index lets one win
    if (isUniqueViolation(error)) throw refuse(409, 'alreadyOpen');
    throw error;
  }
}

export function closeShift(db: Db, session: AuthSession, uid: string, input: CloseShiftInput, ip: string) {
  return db.transaction(async (tx) => {
    // the lock waits for payments being taken in this shift (they hold it FOR SHARE)
    const row = await findShift(tx, session.corpId, session.clinicIds, uid, true);
    if (!row) throw refuse(404, 'notFound');
    if (row.cashierId !== session.userId) throw refuse(403, 'notYours');
    if (row.status !== 'open') throw refuse(409, 'notOpen');
    const { expectedCash } = (await totalsByShift(tx, [row])).get(row.id)!;
    const variance = varianceOf(input.countedCash, expectedCash);
    const reason = input.reason?.trim() ?? '';
    if (variance !== 0 && reason.length < 3) throw refuse(400, 'reasonRequired', {}, 'reason');
    const closed = await updateShift(tx, row.id, {
      status: statusAfterClose(variance),
      closedAt: new Date(),
      countedCash: input.countedCash,
      expectedCash,
      variance,
      varianceReason: variance === 0 ? null : reason,
    });
    await audit(tx, session, ip, row, 'shift.close', { ...input, expectedCash, variance });
    return toShift(tx, closed);
  });
}

export function approveShift(db: Db, session: AuthSession, uid: string, ip: string) {
  return db.transaction(async (tx) => {
    const row = await findShift(tx, session.corpId, session.clinicIds, uid, true);
    if (!row) throw refuse(404, 'notFound');
    if (row.status !== 'pending_approval') throw refuse(409, 'notPending');
    if (row.cashierId === session.userId) throw refuse(403, 'selfApproval');
    const approved = await updateShift(tx, row.id, {
      status: 'closed',
      approvedBy: session.userId,
      approvedAt: new Date(),
    });
    await audit(tx, session, ip, row, 'shift.approve', { variance: row.variance });
    return toShift(tx, approved);
  });
}

export async function listShifts(db: Db, session: AuthSession, query: ShiftListQuery) {
  clinicOf(session, query.clinicId);
  const { rows, total } = await listShiftRows(db, query.clinicId, query, query.page, query.limit);
  return {
    docs: await toShifts(db, rows),
    page: query.page,
    limit: query.limit,
    totalDocs: total,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function getShiftReport(db: Db, session: AuthSession, uid: string): Promise<ShiftReport> {
  const row = await findShift(db, session.corpId, session.clinicIds, uid);
  if (!row) throw refuse(404, 'notFound');
  const list = await paymentsOfShift(db, row.id);
  const parts = await partsOfShifts(db, [row.id]);
  return {
    shift: await toShift(db, row),
    payments: list.map((p) => ({
      uid: p.uid,
      receiptNumber: p.receiptNumber,
      billNumber: p.billNumber,
      at: p.createdAt.toISOString(),
      amount: p.amount,
      reversal: p.reversesPaymentId !== null,
      parts: parts.filter((x) => x.paymentId === p.id).map((x) => ({ method: x.method, amount: x.amount })),
    })),
  };
}

/**
 * Close a clinic's day: refused while a bill of the day is posted and unpaid, a visit of the day
 * waits at the cashier, or a shift opened that day or before is still open. The totals are those
 * of the day's shifts (a payment before shifts existed has none).
 */
export async function closeDay(db: Db, session: AuthSession, input: DayCloseInput, ip: string) {
  const clinic = clinicOf(session, input.clinicId);
  try {
    const closed = await db.transaction(async (tx) => {
      if (await findDayClose(tx, clinic.id, input.day))
        throw refuse(409, 'dayAlreadyClosed', { day: input.day });
      const open = await openWorkOfDay(tx, clinic.id, input.day);
      if (open.bills + open.visits + open.shifts > 0)
        throw refuse(409, 'dayOpen', { day: input.day, ...open });
      const shifts = await toShifts(tx, await shiftsOfDay(tx, clinic.id, input.day));
      const nonCash = new Map<string, number>();
      for (const s of shifts)
        for (const m of s.totals.nonCash) nonCash.set(m.method, (nonCash.get(m.method) ?? 0) + m.amount);
      const totals = {
        cash: shifts.reduce((sum, s) => sum + s.totals.cashIn - s.totals.cashRefunds, 0),
        nonCash: [...nonCash].map(([method, amount]) => ({ method, amount })),
        payments: shifts.reduce((sum, s) => sum + s.totals.payments, 0),
        shifts: shifts.length,
        variance: shifts.reduce((sum, s) => sum + (s.variance ?? 0), 0),
      };
      const row = await insertDayClose(tx, {
        corpId: session.corpId,
        clinicId: clinic.id,
        day: input.day,
        closedBy: session.userId,
        totals,
      });
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: clinic.id,
        action: 'day.close',
        entity: 'clinicDay',
        entityId: input.day,
        ip,
        detail: totals,
      });
      return { clinicId: clinic.id, day: input.day, closedAt: row.closedAt.toISOString(), totals };
    });
    return answer<DayClose>(closed, 'cashierShifts.dayClosed', { day: input.day });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'dayAlreadyClosed', { day: input.day });
    throw error;
  }
}
