import { roundQuantity, toMilli, wholeRupiah } from '@klinikita/domain/inventory/inventory.rules';
import { documentNumber, opnameDifference } from '@klinikita/domain/inventory/stock-documents.rules';
import type {
  Opname,
  OpnameCountInput,
  OpnameSummary,
} from '@klinikita/domain/inventory/stock-documents.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, isUniqueViolation, type Tx } from '../../shared/sql.ts';
import {
  addToLevel,
  fixBaseUnit,
  insertMovements,
  lockCost,
  lockLevel,
  setCost,
  takeFromLevel,
} from './inventory.queries.ts';
import { auditStock, refuse, scopedLocation } from './inventory.scope.ts';
import {
  findOpname,
  insertOpname,
  locationOpnames,
  nextDocumentSeq,
  type OpnameLineRow,
  type OpnameListRow,
  type OpnameRow,
  type OpnameTotals,
  opnameHeader,
  opnameLines,
  opnameTotals,
  setCount,
  setLineCost,
  setOpname,
  snapshotLines,
} from './stock-opname.queries.ts';

/**
 * The stock opname (issue 17 §5, research/operations.md §2.5): a count of one location. Starting
 * it snapshots every batch with stock and its on-hand (the system quantity); the counts are
 * entered on the sheet; it is submitted; a colleague with stock.manage — never the submitter —
 * approves, and each difference becomes an append-only 'opname' movement valued at the moving
 * average.
 *
 * Movements between the start and the approval: stock is not frozen. The count is taken to be of
 * the shelf as it stood at the start, so the difference is counted − system-at-start and the
 * approval books that difference on top of whatever moved since (a dispensing after the start is
 * neither lost nor counted twice). Should the difference take a batch below zero by then, the
 * approval is refused (409) and nothing is booked.
 */

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);
const whoOf = (name: string | null, at: string | Date | null) =>
  at ? { name, at: iso(at) as string } : null;

function summaryOf(h: OpnameListRow, t: OpnameTotals | undefined): OpnameSummary {
  return {
    uid: h.uid,
    number: h.number,
    locationUid: h.locationUid,
    locationName: h.locationName,
    status: h.status as OpnameSummary['status'],
    note: h.note,
    started: whoOf(h.startedBy, h.startedAt),
    submitted: whoOf(h.submittedBy, h.submittedAt),
    approved: whoOf(h.approvedBy, h.approvedAt),
    cancelled: whoOf(h.cancelledBy, h.cancelledAt),
    cancelReason: h.cancelReason,
    lines: t?.lines ?? 0,
    counted: t?.counted ?? 0,
    differing: t?.differing ?? 0,
    value: t?.value ?? 0,
  };
}

async function answer(db: Executor, session: AuthSession, opname: OpnameRow): Promise<Opname> {
  const [header, lines] = await Promise.all([opnameHeader(db, opname.id), opnameLines(db, opname)]);
  const items = lines.map((l) => ({
    id: l.id,
    itemUid: l.itemUid,
    itemName: l.itemName,
    kind: l.kind,
    baseUnit: l.baseUnit,
    batchNumber: l.batchNumber,
    expiryDate: l.expiryDate,
    systemQuantity: l.systemQuantity,
    counted: l.counted,
    unitCost: wholeRupiah(l.unitCost),
    ...opnameDifference(l.systemQuantity, l.counted, wholeRupiah(l.unitCost)),
  }));
  const values = items.map((i) => i.value ?? 0);
  const totals = {
    lines: items.length,
    counted: items.filter((i) => i.counted !== null).length,
    differing: items.filter((i) => i.difference !== null && i.difference !== 0).length,
    value: values.reduce((a, b) => a + b, 0),
  };
  return {
    ...summaryOf(header, totals),
    submittedByMe: opname.submittedBy === session.userId,
    shortageValue: values.filter((v) => v < 0).reduce((a, b) => a + b, 0),
    surplusValue: values.filter((v) => v > 0).reduce((a, b) => a + b, 0),
    items,
  };
}

async function scopedOpname(db: Executor, session: AuthSession, uid: string, lock = false) {
  const opname = await findOpname(db, session.corpId, session.clinicIds, uid, lock);
  if (!opname) throw refuse(404, 'opnameNotFound');
  return opname;
}

function expect(opname: OpnameRow, ...statuses: OpnameRow['status'][]) {
  if (!statuses.includes(opname.status))
    throw refuse(409, `opnameIs.${opname.status}`, { number: opname.number });
}

export async function listOpnames(
  db: Db,
  session: AuthSession,
  locationUid: string,
): Promise<OpnameSummary[]> {
  const { location } = await scopedLocation(db, session, locationUid);
  const headers = await locationOpnames(db, location.id);
  const totals = await opnameTotals(
    db,
    headers.map((h) => h.id),
  );
  return headers.map((h) => summaryOf(h, totals.get(h.id)));
}

export async function getOpname(db: Db, session: AuthSession, uid: string): Promise<Opname> {
  return answer(db, session, await scopedOpname(db, session, uid));
}

export async function startOpname(
  db: Db,
  session: AuthSession,
  locationUid: string,
  note: string | null | undefined,
  ip: string,
): Promise<Opname> {
  try {
    return await db.transaction(async (tx) => {
      const { location } = await scopedLocation(tx, session, locationUid);
      const seq = await nextDocumentSeq(tx, location.clinicId, 'opname');
      const opname = await insertOpname(tx, {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: location.clinicId,
        locationId: location.id,
        seq,
        number: documentNumber('opname', seq),
        status: 'counting',
        note: note || null,
        startedBy: session.userId,
      });
      await snapshotLines(tx, opname.id, location.id);
      await auditStock(tx, session, ip, {
        clinicId: location.clinicId,
        action: 'stock.opname.start',
        entity: 'stockOpname',
        entityId: opname.uid,
        detail: { location: location.uid, number: opname.number },
      });
      return answer(tx, session, opname);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'opnameOpen');
    throw error;
  }
}

export async function countOpname(
  db: Db,
  session: AuthSession,
  uid: string,
  input: OpnameCountInput,
  ip: string,
): Promise<Opname> {
  return db.transaction(async (tx) => {
    const opname = await scopedOpname(tx, session, uid, true);
    expect(opname, 'counting');
    for (const [i, line] of input.lines.entries())
      if (!(await setCount(tx, opname.id, line.lineId, line.counted)))
        throw refuse(400, 'opnameLineNotFound', {}, `lines.${i}.lineId`);
    await auditStock(tx, session, ip, {
      clinicId: opname.clinicId,
      action: 'stock.opname.count',
      entity: 'stockOpname',
      entityId: opname.uid,
      detail: input,
    });
    return answer(tx, session, opname);
  });
}

export async function submitOpname(db: Db, session: AuthSession, uid: string, ip: string): Promise<Opname> {
  return db.transaction(async (tx) => {
    const opname = await scopedOpname(tx, session, uid, true);
    expect(opname, 'counting');
    const uncounted = (await opnameLines(tx, opname)).filter((l) => l.counted === null).length;
    if (uncounted) throw refuse(409, 'opnameUncounted', { count: uncounted });
    const change = { status: 'submitted' as const, submittedBy: session.userId, submittedAt: new Date() };
    await setOpname(tx, opname.id, change);
    await auditStock(tx, session, ip, {
      clinicId: opname.clinicId,
      action: 'stock.opname.submit',
      entity: 'stockOpname',
      entityId: opname.uid,
      detail: { number: opname.number },
    });
    return answer(tx, session, { ...opname, ...change });
  });
}

/** Books each difference, item by item in id order (each item's cost row first, then its levels). */
async function bookDifferences(tx: Tx, session: AuthSession, opname: OpnameRow, lines: OpnameLineRow[]) {
  const byItem = new Map<number, OpnameLineRow[]>();
  for (const l of lines) byItem.set(l.itemId, [...(byItem.get(l.itemId) ?? []), l]);
  for (const itemId of [...byItem.keys()].sort((a, b) => a - b)) {
    const itemLines = byItem.get(itemId) as OpnameLineRow[];
    const cost = await lockCost(tx, itemId, opname.clinicId);
    const unitCost = wholeRupiah(cost.averageCost);
    let total = 0;
    for (const line of itemLines) {
      await setLineCost(tx, line.id, unitCost);
      const delta = roundQuantity((line.counted ?? line.systemQuantity) - line.systemQuantity);
      if (toMilli(delta) === 0) continue;
      const onHand = (await lockLevel(tx, opname.locationId, line.batchId)) ?? 0;
      if (toMilli(onHand) + toMilli(delta) < 0)
        throw refuse(409, 'opnameBelowZero', {
          item: line.itemName,
          batch: line.batchNumber,
          onHand,
          unit: line.baseUnit,
        });
      const level = { locationId: opname.locationId, batchId: line.batchId, itemId };
      const balanceAfter =
        delta > 0
          ? await addToLevel(tx, level, delta)
          : await takeFromLevel(tx, opname.locationId, line.batchId, -delta);
      total = roundQuantity(total + delta);
      await insertMovements(tx, [
        {
          uid: newUid(),
          corpId: session.corpId,
          clinicId: opname.clinicId,
          locationId: opname.locationId,
          itemId,
          batchId: line.batchId,
          kind: 'opname',
          quantity: delta,
          balanceAfter,
          unitCost,
          referenceType: 'opname',
          referenceUid: opname.uid,
          reason: `Stock opname ${opname.number}`,
          createdBy: session.userId,
        },
      ]);
    }
    if (toMilli(total) !== 0) {
      await setCost(tx, itemId, opname.clinicId, { ...cost, onHand: roundQuantity(cost.onHand + total) });
      await fixBaseUnit(tx, itemId, itemLines[0].baseUnit);
    }
  }
}

export async function approveOpname(db: Db, session: AuthSession, uid: string, ip: string): Promise<Opname> {
  return db.transaction(async (tx) => {
    const opname = await scopedOpname(tx, session, uid, true);
    expect(opname, 'submitted');
    if (opname.submittedBy === session.userId) throw refuse(403, 'opnameOwnApproval');
    await bookDifferences(tx, session, opname, await opnameLines(tx, opname));
    const change = { status: 'approved' as const, approvedBy: session.userId, approvedAt: new Date() };
    await setOpname(tx, opname.id, change);
    const done = await answer(tx, session, { ...opname, ...change });
    await auditStock(tx, session, ip, {
      clinicId: opname.clinicId,
      action: 'stock.opname.approve',
      entity: 'stockOpname',
      entityId: opname.uid,
      detail: { number: opname.number, differing: done.differing, value: done.value },
    });
    return done;
  });
}

export async function cancelOpname(
  db: Db,
  session: AuthSession,
  uid: string,
  reason: string,
  ip: string,
): Promise<Opname> {
  return db.transaction(async (tx) => {
    const opname = await scopedOpname(tx, session, uid, true);
    expect(opname, 'counting', 'submitted');
    const change = {
      status: 'cancelled' as const,
      cancelledBy: session.userId,
      cancelledAt: new Date(),
      cancelReason: reason,
    };
    await setOpname(tx, opname.id, change);
    await auditStock(tx, session, ip, {
      clinicId: opname.clinicId,
      action: 'stock.opname.cancel',
      entity: 'stockOpname',
      entityId: opname.uid,
      detail: { number: opname.number, reason },
    });
    return answer(tx, session, { ...opname, ...change });
  });
}
