import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { roundQuantity, toMilli, wholeRupiah } from '@klinikita/domain/inventory/inventory.rules';
import { documentNumber } from '@klinikita/domain/inventory/stock-documents.rules';
import type {
  RequestApproveInput,
  RequestCreateInput,
  RequestFulfilInput,
  RequestListQuery,
  StockRequest,
} from '@klinikita/domain/inventory/stock-documents.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { baseQuantity, lockCosts, plan, takeOut } from './inventory.ledger.ts';
import { addToLevel, fixBaseUnit, type ItemRow, insertMovements } from './inventory.queries.ts';
import { auditStock, refuse, scopedItem, scopedLocation } from './inventory.scope.ts';
import { nextDocumentSeq } from './stock-opname.queries.ts';
import {
  findRequest,
  insertRequest,
  type RequestHeaderRow,
  type RequestLineRow,
  type RequestRow,
  requestHeaders,
  requestLines,
  setRequest,
  setRequestLine,
  usableStock,
} from './stock-requests.queries.ts';

/**
 * Unit requests (amprahan, research/operations.md §2.3): a unit of the clinic (the pharmacy, a
 * treatment room, the lab) asks a supplying location (the warehouse) for items; the warehouse
 * approves — perhaps less, with a reason — or rejects; fulfilling moves the stock FEFO as
 * transfer_out/transfer_in movements referencing the request, in one go or in parts.
 */

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

function toRequest(h: RequestHeaderRow, lines: RequestLineRow[]): StockRequest {
  return {
    uid: h.uid,
    number: h.number,
    status: h.status as StockRequest['status'],
    locationUid: h.locationUid,
    locationName: h.locationName,
    fromLocationUid: h.fromLocationUid,
    fromLocationName: h.fromLocationName,
    note: h.note,
    requested: { name: h.requestedBy, at: iso(h.requestedAt) as string },
    decided: h.decidedAt ? { name: h.decidedBy, at: iso(h.decidedAt) as string } : null,
    decisionReason: h.decisionReason,
    cancelReason: h.cancelReason,
    lines: lines
      .filter((l) => l.requestId === h.id)
      .map(({ id, itemUid, itemName, baseUnit, requested, approved, fulfilled, reason }) => ({
        id,
        itemUid,
        itemName,
        baseUnit,
        requested,
        approved,
        fulfilled,
        reason,
      })),
  };
}

async function answer(db: Executor, request: RequestRow): Promise<StockRequest> {
  const [header] = await requestHeaders(db, { clinicId: request.clinicId, id: request.id });
  return toRequest(header, await requestLines(db, [request.id]));
}

async function scopedRequest(db: Executor, session: AuthSession, uid: string, lock = false) {
  const request = await findRequest(db, session.corpId, session.clinicIds, uid, lock);
  if (!request) throw refuse(404, 'requestNotFound');
  return request;
}

function expect(request: RequestRow, ...statuses: RequestRow['status'][]) {
  if (!statuses.includes(request.status))
    throw refuse(409, `requestIs.${request.status}`, { number: request.number });
}

export async function listRequests(
  db: Db,
  session: AuthSession,
  q: RequestListQuery,
): Promise<StockRequest[]> {
  const clinic = clinicOf(session, q.clinicId);
  const location = q.locationUid ? (await scopedLocation(db, session, q.locationUid)).location : null;
  const headers = await requestHeaders(db, {
    clinicId: clinic.id,
    locationId: location?.id,
    status: q.status,
  });
  const lines = await requestLines(
    db,
    headers.map((h) => h.id),
  );
  return headers.map((h) => toRequest(h, lines));
}

export async function createRequest(
  db: Db,
  session: AuthSession,
  input: RequestCreateInput,
  ip: string,
): Promise<StockRequest> {
  return db.transaction(async (tx) => {
    const { location, clinic } = await scopedLocation(
      tx,
      session,
      input.locationUid,
      refuse(404, 'locationNotFound', {}, 'locationUid', 'locationNotFound'),
    );
    const { location: from } = await scopedLocation(
      tx,
      session,
      input.fromLocationUid,
      refuse(404, 'locationNotFound', {}, 'fromLocationUid', 'locationNotFound'),
    );
    if (from.id === location.id) throw refuse(400, 'sameLocation', {}, 'fromLocationUid', 'sameLocation');
    if (from.clinicId !== location.clinicId)
      throw refuse(400, 'requestOtherClinic', {}, 'fromLocationUid', 'requestOtherClinic');
    const today = clinicDay(clinic.timeZone);
    const lines: { itemId: number; requestedQuantity: number }[] = [];
    for (const [i, line] of input.lines.entries()) {
      const item = await scopedItem(tx, session, line.itemUid).catch(() => {
        throw refuse(404, 'itemNotFound', {}, `lines.${i}.itemUid`, 'itemNotFoundField');
      });
      if (lines.some((l) => l.itemId === item.id))
        throw refuse(
          400,
          'requestItemTwice',
          { item: item.name },
          `lines.${i}.itemUid`,
          'requestItemTwiceField',
        );
      const { base } = withField(() => baseQuantity(item, line.quantity, line.unit), `lines.${i}.unit`);
      const available = await usableStock(tx, from.id, item.id, today);
      if (toMilli(base) > toMilli(available))
        throw refuse(
          409,
          'requestOverAvailable',
          { item: item.name, available, unit: item.baseUnit, location: from.name },
          `lines.${i}.quantity`,
          'requestOverAvailableField',
        );
      lines.push({ itemId: item.id, requestedQuantity: base });
    }
    const seq = await nextDocumentSeq(tx, clinic.id, 'request');
    const request = await insertRequest(
      tx,
      {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: clinic.id,
        seq,
        number: documentNumber('request', seq),
        locationId: location.id,
        fromLocationId: from.id,
        status: 'requested',
        note: input.note || null,
        requestedBy: session.userId,
      },
      lines,
    );
    await auditStock(tx, session, ip, {
      clinicId: clinic.id,
      action: 'stock.request.create',
      entity: 'stockRequest',
      entityId: request.uid,
      detail: input,
    });
    return answer(tx, request);
  });
}

/** A refusal of the ledger, its field named as the line's own (`lines.2.quantity`). */
function onField(error: unknown, field: string, key: string): never {
  if (!(error instanceof AppError)) throw error;
  throw new AppError(error.statusCode, error.key, error.params, [
    { path: field, key: error.fields[0]?.key ?? key },
  ]);
}

function withField<T>(fn: () => T, field: string): T {
  try {
    return fn();
  } catch (error) {
    onField(error, field, 'inventory.unitUnknownField');
  }
}

export async function approveRequest(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RequestApproveInput,
  ip: string,
): Promise<StockRequest> {
  return db.transaction(async (tx) => {
    const request = await scopedRequest(tx, session, uid, true);
    expect(request, 'requested');
    const lines = await requestLines(tx, [request.id]);
    for (const line of lines) {
      const i = input.lines.findIndex((l) => l.lineId === line.id);
      if (i < 0)
        throw refuse(400, 'requestLineMissing', { item: line.itemName }, 'lines', 'requestLineMissing');
      const { approved, reason } = input.lines[i];
      if (toMilli(approved) > toMilli(line.requested))
        throw refuse(400, 'approvedOverRequested', { requested: line.requested }, `lines.${i}.approved`);
      if (toMilli(approved) < toMilli(line.requested) && !reason?.trim())
        throw refuse(400, 'reducedReason', {}, `lines.${i}.reason`);
      await setRequestLine(tx, line.id, { approvedQuantity: approved, reason: reason?.trim() || null });
    }
    const unknown = input.lines.findIndex((l) => !lines.some((x) => x.id === l.lineId));
    if (unknown >= 0) throw refuse(400, 'requestLineNotFound', {}, `lines.${unknown}.lineId`);
    const change = { status: 'approved' as const, decidedBy: session.userId, decidedAt: new Date() };
    await setRequest(tx, request.id, change);
    await auditStock(tx, session, ip, {
      clinicId: request.clinicId,
      action: 'stock.request.approve',
      entity: 'stockRequest',
      entityId: request.uid,
      detail: input,
    });
    return answer(tx, request);
  });
}

export async function rejectRequest(db: Db, session: AuthSession, uid: string, reason: string, ip: string) {
  return decide(db, session, uid, ip, ['requested'], {
    status: 'rejected',
    decidedBy: session.userId,
    decidedAt: new Date(),
    decisionReason: reason,
  });
}

export async function cancelRequest(db: Db, session: AuthSession, uid: string, reason: string, ip: string) {
  return decide(db, session, uid, ip, ['requested', 'approved'], {
    status: 'cancelled',
    cancelledBy: session.userId,
    cancelledAt: new Date(),
    cancelReason: reason,
  });
}

async function decide(
  db: Db,
  session: AuthSession,
  uid: string,
  ip: string,
  from: RequestRow['status'][],
  change: Partial<RequestRow>,
): Promise<StockRequest> {
  return db.transaction(async (tx) => {
    const request = await scopedRequest(tx, session, uid, true);
    expect(request, ...from);
    await setRequest(tx, request.id, change);
    await auditStock(tx, session, ip, {
      clinicId: request.clinicId,
      action: `stock.request.${change.status === 'rejected' ? 'reject' : 'cancel'}`,
      entity: 'stockRequest',
      entityId: request.uid,
      detail: change,
    });
    return answer(tx, request);
  });
}

/** Moves one line's quantity FEFO from the supplying location into the unit, as a transfer would. */
async function moveLine(
  tx: Tx,
  session: AuthSession,
  request: RequestRow,
  item: ItemRow,
  quantity: number,
  today: string,
) {
  const from = { id: request.fromLocationId, clinicId: request.clinicId };
  const costs = await lockCosts(tx, item.id, from.clinicId, from.clinicId);
  const takes = await plan(tx, { location: from as never, item, today }, quantity);
  const outBalances = await takeOut(tx, from.id, takes);
  const unitCost = wholeRupiah(costs.from.averageCost);
  const common = {
    corpId: session.corpId,
    clinicId: request.clinicId,
    itemId: item.id,
    unitCost,
    referenceType: 'request',
    referenceUid: request.uid,
    reason: `Amprahan ${request.number}`,
    createdBy: session.userId,
  };
  for (const [i, t] of takes.entries()) {
    const inBalance = await addToLevel(
      tx,
      { locationId: request.locationId, batchId: t.batch.batchId, itemId: item.id },
      t.quantity,
    );
    await insertMovements(tx, [
      {
        ...common,
        uid: newUid(),
        locationId: from.id,
        batchId: t.batch.batchId,
        kind: 'transfer_out',
        quantity: -t.quantity,
        balanceAfter: outBalances[i],
      },
      {
        ...common,
        uid: newUid(),
        locationId: request.locationId,
        batchId: t.batch.batchId,
        kind: 'transfer_in',
        quantity: t.quantity,
        balanceAfter: inBalance,
      },
    ]);
  }
  await fixBaseUnit(tx, item.id, item.baseUnit);
}

export async function fulfilRequest(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RequestFulfilInput,
  ip: string,
): Promise<StockRequest> {
  return db.transaction(async (tx) => {
    const request = await scopedRequest(tx, session, uid, true);
    expect(request, 'approved', 'partially_fulfilled');
    const clinic = clinicOf(session, request.clinicId);
    const today = clinicDay(clinic.timeZone);
    const lines = await requestLines(tx, [request.id]);
    const sorted = input.lines.map((l, i) => ({ ...l, i })).sort((a, b) => a.lineId - b.lineId);
    for (const wanted of sorted) {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line) throw refuse(400, 'requestLineNotFound', {}, `lines.${wanted.i}.lineId`);
      const owed = roundQuantity((line.approved ?? 0) - line.fulfilled);
      if (toMilli(wanted.quantity) > toMilli(owed))
        throw refuse(400, 'fulfilOverApproved', { owed, unit: line.baseUnit }, `lines.${wanted.i}.quantity`);
      if (toMilli(wanted.quantity) === 0) continue;
      const item = await scopedItem(tx, session, line.itemUid);
      await moveLine(tx, session, request, item, wanted.quantity, today).catch((error) =>
        onField(error, `lines.${wanted.i}.quantity`, 'inventory.insufficientField'),
      );
      line.fulfilled = roundQuantity(line.fulfilled + wanted.quantity);
      await setRequestLine(tx, line.id, { fulfilledQuantity: line.fulfilled });
    }
    const done = lines.every((l) => toMilli(l.fulfilled) >= toMilli(l.approved ?? 0));
    const anything = lines.some((l) => l.fulfilled > 0);
    if (!anything) throw refuse(400, 'fulfilNothing', {}, 'lines', 'fulfilNothing');
    await setRequest(tx, request.id, {
      status: done ? 'fulfilled' : 'partially_fulfilled',
      fulfilledBy: session.userId,
      fulfilledAt: new Date(),
    });
    await auditStock(tx, session, ip, {
      clinicId: request.clinicId,
      action: 'stock.request.fulfil',
      entity: 'stockRequest',
      entityId: request.uid,
      detail: input,
    });
    return answer(tx, request);
  });
}
