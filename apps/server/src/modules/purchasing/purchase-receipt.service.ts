import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { roundQuantity, toBaseQuantity, toMilli } from '@klinikita/domain/inventory/inventory.rules';
import {
  canReceive,
  documentNumber,
  documentTotals,
  lineAmounts,
  periodOf,
  receiptUnitCost,
  statusAfterReceipt,
} from '@klinikita/domain/purchasing/purchasing.rules';
import type { DocumentQuery, ReceiptInput } from '@klinikita/domain/purchasing/purchasing.schema';
import type { ReceiptDetail } from '@klinikita/domain/purchasing/purchasing-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, isUniqueViolation, pageOf, type Tx } from '../../shared/sql.ts';
import { scopedLocation } from '../inventory/inventory.scope.ts';
import { receiveFromSupplier } from '../inventory/supplier-stock.service.ts';
import {
  findReceipt,
  insertReceipt,
  insertReceiptLines,
  listReceiptRows,
  type ReceiptLineValues,
  type ReceiptRow,
  receiptByInvoice,
  receiptByKey,
  receiptLinesOf,
} from './purchase-documents.queries.ts';
import { toReceiptDetail, toReceiptSummary } from './purchasing.mapper.ts';
import {
  addReceived,
  findOrder,
  findSupplier,
  locationById,
  nextSequence,
  orderLinesOf,
  suppliersById,
  updateOrderRow,
} from './purchasing.queries.ts';
import { audit, lineItem, refuse } from './purchasing.scope.ts';

/**
 * Receiving (penerimaan) against the supplier's invoice (issue 17 §5, research §2.4): with a
 * purchase order (its supplier and location; the order row locked, so two clerks receiving its
 * last open quantity at once are served one after the other and the second is refused) or without
 * one. Each line is a batch with its expiry (after the receipt date), a quantity in a unit of the
 * item (converted to base units), price and discount; PPN on the document's DPP. Each line books a
 * 'receipt' movement at its net cost per base unit (PPN excluded) into the location, the order's
 * received quantities and status follow, and the same request key receives once.
 */

export async function listReceipts(db: Db, session: AuthSession, q: DocumentQuery) {
  const clinic = clinicOf(session, q.clinicId);
  let orderId: number | undefined;
  if (q.orderUid) {
    const order = await findOrder(db, session.corpId, [clinic.id], q.orderUid);
    if (!order) throw refuse(404, 'orderNotFound');
    orderId = order.id;
  }
  const { rows, total } = await listReceiptRows(db, clinic.id, { ...q, orderId });
  return pageOf(rows.map(toReceiptSummary), total, q);
}

export async function presentReceipt(db: Executor, receipt: ReceiptRow): Promise<ReceiptDetail> {
  const { rows } = await listReceiptRows(db, receipt.clinicId, { receiptId: receipt.id, page: 1, limit: 1 });
  return toReceiptDetail(rows[0], await receiptLinesOf(db, receipt.id));
}

export async function getReceipt(db: Db, session: AuthSession, uid: string) {
  const receipt = await findReceipt(db, session.corpId, session.clinicIds, uid);
  if (!receipt) throw refuse(404, 'receiptNotFound');
  return presentReceipt(db, receipt);
}

/** Where the goods go and from whom: the order's (locked), or the ones named without an order. */
async function source(tx: Tx, session: AuthSession, input: ReceiptInput) {
  if (input.orderUid) {
    const order = await findOrder(tx, session.corpId, session.clinicIds, input.orderUid, true);
    if (!order) throw refuse(404, 'orderNotFound', {}, 'orderUid');
    const supplier = (await suppliersById(tx, [order.supplierId])).get(order.supplierId)!;
    return { order, supplier, location: await locationById(tx, order.locationId) };
  }
  const { location } = await scopedLocation(
    tx,
    session,
    input.locationUid ?? '',
    refuse(404, 'locationNotFound', {}, 'locationUid'),
  );
  const supplier = await findSupplier(tx, session.corpId, input.supplierUid ?? '');
  if (!supplier) throw refuse(404, 'supplierNotFound', {}, 'supplierUid');
  return { order: null, supplier, location };
}

export async function createReceipt(
  db: Db,
  session: AuthSession,
  input: ReceiptInput,
  ip: string,
): Promise<ReceiptDetail> {
  try {
    return await db.transaction((tx) => receiveIn(tx, session, input, ip));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // a double submit that raced the first: answer what the first received
    const again = await db.transaction(async (tx) => {
      const { location } = await source(tx, session, input);
      return receiptByKey(tx, location.clinicId, input.requestKey);
    });
    if (again) return presentReceipt(db, again);
    throw refuse(409, 'invoiceExists', { invoice: input.invoiceNumber }, 'invoiceNumber');
  }
}

async function receiveIn(tx: Tx, session: AuthSession, input: ReceiptInput, ip: string) {
  const { order, supplier, location } = await source(tx, session, input);
  const clinic = clinicOf(session, location.clinicId);
  const earlier = await receiptByKey(tx, clinic.id, input.requestKey);
  if (earlier) return presentReceipt(tx, earlier);
  if (order && !canReceive(order.status))
    throw refuse(409, 'orderNotOpen', { number: order.number, status: order.status }, 'orderUid');
  if (await receiptByInvoice(tx, supplier.id, input.invoiceNumber))
    throw refuse(409, 'invoiceExists', { invoice: input.invoiceNumber }, 'invoiceNumber');
  const today = clinicDay(clinic.timeZone);
  if (input.invoiceDate > today) throw refuse(400, 'invoiceDateFuture', {}, 'invoiceDate');

  const orderLines = order ? await orderLinesOf(tx, order.id) : [];
  const adding = new Map<number, number>();
  const prepared = [];
  for (const [i, l] of input.lines.entries()) {
    const { item, factor, unit } = await lineItem(tx, session, i, l.itemUid, l.unit);
    const base = toBaseQuantity(l.quantity, factor);
    if (toMilli(base) < 1) throw refuse(400, 'quantityPositive', {}, `lines.${i}.quantity`);
    if (l.expiryDate <= today)
      throw refuse(400, 'expiryNotAfterReceipt', { date: today }, `lines.${i}.expiryDate`);
    let orderLineId: number | null = null;
    if (order) {
      const ol = l.orderLine === null ? undefined : orderLines[l.orderLine];
      if (!ol || ol.itemId !== item.id) throw refuse(400, 'orderLineUnknown', {}, `lines.${i}.orderLine`);
      const sum = roundQuantity((adding.get(ol.id) ?? 0) + base);
      const open = roundQuantity(ol.quantity * ol.factor - ol.receivedBase);
      if (toMilli(sum) > toMilli(open))
        throw refuse(
          400,
          'overOrdered',
          { line: i + 1, open: Math.max(0, open), unit: item.baseUnit },
          `lines.${i}.quantity`,
        );
      adding.set(ol.id, sum);
      orderLineId = ol.id;
    } else if (l.orderLine !== null) throw refuse(400, 'orderLineUnknown', {}, `lines.${i}.orderLine`);
    prepared.push({
      i,
      l,
      item,
      unit,
      factor,
      base,
      orderLineId,
      amounts: lineAmounts(l.quantity, l.price, l.discountPercent),
    });
  }

  const totals = documentTotals(
    prepared.map((p) => p.amounts),
    input.ppnPercent,
  );
  const period = periodOf(today);
  const receipt = await insertReceipt(tx, {
    uid: newUid(),
    corpId: session.corpId,
    clinicId: clinic.id,
    number: documentNumber(
      'receipt',
      clinic.id,
      period,
      await nextSequence(tx, clinic.id, 'receipt', period),
    ),
    orderId: order?.id ?? null,
    supplierId: supplier.id,
    locationId: location.id,
    invoiceNumber: input.invoiceNumber,
    invoiceDate: input.invoiceDate,
    dueDate: addDays(input.invoiceDate, supplier.paymentTermsDays),
    receivedDate: today,
    ppnPercent: input.ppnPercent,
    ...totals,
    requestKey: input.requestKey,
    createdBy: session.userId,
  });
  const rows: ReceiptLineValues[] = [];
  for (const p of prepared) {
    const unitCost = receiptUnitCost(p.amounts.net, p.base);
    const booked = await receiveFromSupplier(
      tx,
      session,
      { location, item: p.item, reference: { type: 'purchase_receipt', uid: receipt.uid } },
      { batchNumber: p.l.batchNumber, expiryDate: p.l.expiryDate, quantity: p.base, unitCost },
      `lines.${p.i}.expiryDate`,
    );
    rows.push({
      receiptId: receipt.id,
      line: p.i,
      orderLineId: p.orderLineId,
      itemId: p.item.id,
      batchId: booked.batchId,
      unit: p.unit,
      factor: p.factor,
      quantity: p.l.quantity,
      baseQuantity: p.base,
      price: p.l.price,
      discountPercent: p.l.discountPercent,
      net: p.amounts.net,
      unitCost,
    });
  }
  await insertReceiptLines(tx, rows);
  if (order) {
    for (const [id, base] of adding) await addReceived(tx, id, base);
    const status = statusAfterReceipt(
      orderLines.map((ol) => ({
        ordered: ol.quantity * ol.factor,
        received: ol.receivedBase + (adding.get(ol.id) ?? 0),
      })),
    );
    await updateOrderRow(tx, order.id, { status });
  }
  await audit(tx, session, ip, {
    clinicId: clinic.id,
    action: 'purchaseReceipt.create',
    entity: 'purchaseReceipt',
    entityId: receipt.uid,
    detail: { ...input, number: receipt.number, totals },
  });
  return presentReceipt(tx, receipt);
}
