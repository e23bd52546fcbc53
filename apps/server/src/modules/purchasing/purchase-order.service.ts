import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  ACTION_TO,
  canDo,
  documentNumber,
  documentTotals,
  lineAmounts,
  periodOf,
} from '@klinikita/domain/purchasing/purchasing.rules';
import type {
  OrderActionInput,
  OrderInput,
  OrderQuery,
  OrderUpdateInput,
} from '@klinikita/domain/purchasing/purchasing.schema';
import type { OrderDetail } from '@klinikita/domain/purchasing/purchasing-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, pageOf, type Tx } from '../../shared/sql.ts';
import { scopedLocation } from '../inventory/inventory.scope.ts';
import { listReceiptRows } from './purchase-documents.queries.ts';
import { toOrderDetail, toOrderSummary, toReceiptSummary } from './purchasing.mapper.ts';
import {
  findOrder,
  findSupplier,
  insertOrder,
  listOrderRows,
  nextSequence,
  type OrderLineValues,
  type OrderRow,
  orderLinesOf,
  orderListRow,
  replaceOrderLines,
  suppliersById,
  updateOrderRow,
} from './purchasing.queries.ts';
import { audit, lineItem, refuse } from './purchasing.scope.ts';

/**
 * A clinic's purchase orders (`/purchaseOrder`): a draft (changed while a draft, each change
 * carrying the version read: an older one is refused 409), ordered, then received by receipts
 * (purchase-receipt.service.ts) — partly, then wholly — or cancelled or its rest closed, with a
 * reason. Numbers run without gaps per clinic and month: PO/<clinic>/<yyyymm>/<nnnn>.
 */

export async function listOrders(db: Db, session: AuthSession, q: OrderQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const { rows, total } = await listOrderRows(db, clinic.id, q);
  return pageOf(rows.map(toOrderSummary), total, q);
}

/** The order as the screens show it: lines with what is received and open, and its receipts. */
export async function presentOrder(db: Executor, order: OrderRow): Promise<OrderDetail> {
  const row = await orderListRow(db, order.id);
  const supplier = (await suppliersById(db, [order.supplierId])).get(order.supplierId);
  const receipts = await listReceiptRows(db, order.clinicId, { orderId: order.id, page: 1, limit: 100 });
  return toOrderDetail(row, {
    paymentTermsDays: supplier?.paymentTermsDays ?? 0,
    lines: await orderLinesOf(db, order.id),
    receipts: receipts.rows.map(toReceiptSummary),
  });
}

export async function getOrder(db: Db, session: AuthSession, uid: string): Promise<OrderDetail> {
  const order = await findOrder(db, session.corpId, session.clinicIds, uid);
  if (!order) throw refuse(404, 'orderNotFound');
  return presentOrder(db, order);
}

/** The supplier (404 / inactive 400, naming the field), the location and its clinic, the lines priced. */
async function prepare(tx: Tx, session: AuthSession, input: OrderInput) {
  const { location, clinic } = await scopedLocation(
    tx,
    session,
    input.locationUid,
    refuse(404, 'locationNotFound', {}, 'locationUid'),
  );
  const supplier = await findSupplier(tx, session.corpId, input.supplierUid);
  if (!supplier) throw refuse(404, 'supplierNotFound', {}, 'supplierUid');
  if (!supplier.active) throw refuse(400, 'supplierInactive', { name: supplier.name }, 'supplierUid');
  const lines: Omit<OrderLineValues, 'orderId'>[] = [];
  for (const [i, l] of input.lines.entries()) {
    const { item, factor, unit } = await lineItem(tx, session, i, l.itemUid, l.unit);
    const amounts = lineAmounts(l.quantity, l.price, l.discountPercent);
    lines.push({
      line: i,
      itemId: item.id,
      unit,
      factor,
      quantity: l.quantity,
      price: l.price,
      discountPercent: l.discountPercent,
      net: amounts.net,
    });
  }
  const totals = documentTotals(
    input.lines.map((l) => lineAmounts(l.quantity, l.price, l.discountPercent)),
    input.ppnPercent,
  );
  const values = {
    supplierId: supplier.id,
    locationId: location.id,
    expectedDate: input.expectedDate,
    note: input.note,
    ppnPercent: input.ppnPercent,
    ...totals,
  };
  return { clinic, values, lines };
}

export async function createOrder(db: Db, session: AuthSession, input: OrderInput, ip: string) {
  return db.transaction(async (tx) => {
    const { clinic, values, lines } = await prepare(tx, session, input);
    const today = clinicDay(clinic.timeZone);
    const seq = await nextSequence(tx, clinic.id, 'order', periodOf(today));
    const order = await insertOrder(tx, {
      ...values,
      uid: newUid(),
      corpId: session.corpId,
      clinicId: clinic.id,
      number: documentNumber('order', clinic.id, periodOf(today), seq),
      orderDate: today,
      createdBy: session.userId,
    });
    await replaceOrderLines(
      tx,
      order.id,
      lines.map((l) => ({ ...l, orderId: order.id })),
    );
    await audit(tx, session, ip, {
      clinicId: clinic.id,
      action: 'purchaseOrder.create',
      entity: 'purchaseOrder',
      entityId: order.uid,
      detail: input,
    });
    return presentOrder(tx, order);
  });
}

/** The order locked, refused when another clerk changed it since `version` was read (409). */
async function lockCurrent(tx: Tx, session: AuthSession, uid: string, version: number) {
  const order = await findOrder(tx, session.corpId, session.clinicIds, uid, true);
  if (!order) throw refuse(404, 'orderNotFound');
  if (order.version !== version) throw refuse(409, 'orderStale', { number: order.number });
  return order;
}

export async function updateOrder(
  db: Db,
  session: AuthSession,
  uid: string,
  input: OrderUpdateInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const order = await lockCurrent(tx, session, uid, input.version);
    if (order.status !== 'draft') throw refuse(409, 'orderNotDraft', { number: order.number });
    const { clinic, values, lines } = await prepare(tx, session, input);
    if (clinic.id !== order.clinicId) throw refuse(400, 'locationOtherClinic', {}, 'locationUid');
    await updateOrderRow(tx, order.id, values);
    await replaceOrderLines(
      tx,
      order.id,
      lines.map((l) => ({ ...l, orderId: order.id })),
    );
    await audit(tx, session, ip, {
      clinicId: order.clinicId,
      action: 'purchaseOrder.update',
      entity: 'purchaseOrder',
      entityId: order.uid,
      detail: input,
    });
    return presentOrder(tx, order);
  });
}

/** Order a draft, cancel (nothing received yet) or close the rest of a partly received order. */
export async function actOnOrder(
  db: Db,
  session: AuthSession,
  uid: string,
  input: OrderActionInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const order = await lockCurrent(tx, session, uid, input.version);
    if (!canDo(input.action, order.status))
      throw refuse(409, 'actionNotAllowed', { number: order.number, status: order.status });
    const status = ACTION_TO[input.action];
    await updateOrderRow(tx, order.id, {
      status,
      ...(input.action === 'cancel' ? { cancelReason: input.reason } : {}),
      ...(input.action === 'close' ? { closeReason: input.reason } : {}),
    });
    await audit(tx, session, ip, {
      clinicId: order.clinicId,
      action: `purchaseOrder.${input.action}`,
      entity: 'purchaseOrder',
      entityId: order.uid,
      detail: { from: order.status, to: status, reason: input.reason },
    });
    return presentOrder(tx, order);
  });
}
