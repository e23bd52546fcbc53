import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { roundQuantity, toBaseQuantity, toMilli } from '@klinikita/domain/inventory/inventory.rules';
import { documentNumber, periodOf, rupiah } from '@klinikita/domain/purchasing/purchasing.rules';
import type { DocumentQuery, ReturnInput } from '@klinikita/domain/purchasing/purchasing.schema';
import type { ReturnSummary } from '@klinikita/domain/purchasing/purchasing-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, isUniqueViolation, pageOf, type Tx } from '../../shared/sql.ts';
import { returnToSupplier } from '../inventory/supplier-stock.service.ts';
import {
  addReturned,
  findReceipt,
  insertReturn,
  insertReturnLines,
  listReturnRows,
  receiptLinesOf,
  returnByKey,
  setReturnTotal,
} from './purchase-documents.queries.ts';
import { toReturns } from './purchasing.mapper.ts';
import { locationById, nextSequence } from './purchasing.queries.ts';
import { audit, lineItem, refuse } from './purchasing.scope.ts';

/**
 * Returns to the supplier (`/ReturnReceive`, retur penerimaan; research §2.4 `returbeli`): batches
 * of one receipt go back from the location they were received into. Per line at most what was
 * received less what went back before (400) and what the location still holds of the batch
 * (409), each naming the line's quantity; a reason; a return note numbered RB/<clinic>/<yyyymm>/<nnnn>;
 * 'return_supplier' movements at the receipt's cost. The same request key returns once.
 */

export async function listReturns(db: Db, session: AuthSession, q: DocumentQuery) {
  const clinic = clinicOf(session, q.clinicId);
  const list = await listReturnRows(db, clinic.id, q);
  return pageOf(toReturns(list), list.total, q);
}

async function presentReturn(db: Executor, clinicId: number, id: number): Promise<ReturnSummary> {
  return toReturns(await listReturnRows(db, clinicId, { ids: [id], page: 1, limit: 1 }))[0];
}

export async function createReturn(db: Db, session: AuthSession, input: ReturnInput, ip: string) {
  try {
    return await db.transaction((tx) => returnIn(tx, session, input, ip));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const receipt = await findReceipt(db, session.corpId, session.clinicIds, input.receiptUid);
    const again = receipt && (await returnByKey(db, receipt.clinicId, input.requestKey));
    if (!again) throw error;
    return presentReturn(db, again.clinicId, again.id);
  }
}

async function returnIn(tx: Tx, session: AuthSession, input: ReturnInput, ip: string) {
  const receipt = await findReceipt(tx, session.corpId, session.clinicIds, input.receiptUid);
  if (!receipt) throw refuse(404, 'receiptNotFound', {}, 'receiptUid');
  const clinic = clinicOf(session, receipt.clinicId);
  const earlier = await returnByKey(tx, clinic.id, input.requestKey);
  if (earlier) return presentReturn(tx, clinic.id, earlier.id);
  // the receipt's lines locked: two returns of one receipt are served one after the other
  const lines = await receiptLinesOf(tx, receipt.id, true);
  const location = await locationById(tx, receipt.locationId);
  const today = clinicDay(clinic.timeZone);
  const period = periodOf(today);
  const note = await insertReturn(tx, {
    uid: newUid(),
    corpId: session.corpId,
    clinicId: clinic.id,
    number: documentNumber('return', clinic.id, period, await nextSequence(tx, clinic.id, 'return', period)),
    receiptId: receipt.id,
    returnDate: today,
    reason: input.reason,
    requestKey: input.requestKey,
    createdBy: session.userId,
  });
  const taking = new Map<number, number>();
  const rows = [];
  for (const [i, l] of input.lines.entries()) {
    const rl = lines[l.receiptLine];
    if (!rl) throw refuse(400, 'receiptLineUnknown', {}, `lines.${i}.receiptLine`);
    const { item, factor } = await lineItem(tx, session, i, rl.itemUid, l.unit);
    const base = toBaseQuantity(l.quantity, factor);
    const sum = roundQuantity((taking.get(rl.id) ?? 0) + base);
    const returnable = roundQuantity(rl.baseQuantity - rl.returnedBase);
    if (toMilli(sum) > toMilli(returnable))
      throw refuse(
        400,
        'overReturn',
        { batch: rl.batchNumber, returnable, unit: rl.baseUnit },
        `lines.${i}.quantity`,
      );
    taking.set(rl.id, sum);
    await returnToSupplier(
      tx,
      session,
      { location, item, reference: { type: 'supplier_return', uid: note.uid }, reason: input.reason },
      {
        batch: { id: rl.batchId, batchNumber: rl.batchNumber, expiryDate: rl.expiryDate },
        quantity: base,
        unitCost: Number(rl.unitCost),
      },
      (onHand) =>
        refuse(
          409,
          'returnAboveOnHand',
          { batch: rl.batchNumber, onHand, unit: rl.baseUnit, location: location.name },
          `lines.${i}.quantity`,
        ),
    );
    await addReturned(tx, rl.id, base);
    rows.push({
      returnId: note.id,
      receiptLineId: rl.id,
      baseQuantity: base,
      amount: rupiah((rl.net * base) / rl.baseQuantity),
    });
  }
  await insertReturnLines(tx, rows);
  const total = rows.reduce((n, r) => n + r.amount, 0);
  await setReturnTotal(tx, note.id, total);
  await audit(tx, session, ip, {
    clinicId: clinic.id,
    action: 'supplierReturn.create',
    entity: 'supplierReturn',
    entityId: note.uid,
    detail: { ...input, number: note.number, total },
  });
  return presentReturn(tx, clinic.id, note.id);
}
