import { roundQuantity, toMilli } from '@klinikita/domain/inventory/inventory.rules';
import { PHARMACY_EVENTS, type PrescriptionDispensed } from '@klinikita/domain/pharmacy/pharmacy.events';
import type { DispenseInput } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { takeStock } from '../inventory/inventory.service.ts';
import { stockDrugUid } from './pharmacy.mapper.ts';
import {
  dispensedPerLine,
  drugsOf,
  eventByKey,
  insertDispensed,
  insertEvent,
  lockOrder,
  pharmacyLocation,
  setStatus,
} from './pharmacy.queries.ts';
import {
  afterMove,
  assertMove,
  audit,
  findScoped,
  present,
  refuse,
  scopedOrder,
} from './pharmacy.service.ts';

/**
 * The handover (issue 17 §3, research §1.7): per line the quantity given (the rest owed when it is
 * the prescribed one by default), stock taken first-expiry-first-out from the clinic's pharmacy
 * location in the same transaction (short stock: 409 and nothing changes), one `dispensed_items`
 * row per line and batch, the order dispensed or partly dispensed, the visit on to the cashier
 * when done, and `prescription.dispensed` for billing. The same request key dispenses once.
 *
 * Quantities of a drug line count in the drug's base unit (the unit stock counts in). A racikan
 * or a drug typed in without the master takes no stock here and counts as given with the order.
 */
export async function dispense(db: Db, session: AuthSession, uid: string, input: DispenseInput, ip: string) {
  return db.transaction(async (tx) => {
    const { row, clinic } = await scopedOrder(tx, session, uid);
    const from = await lockOrder(tx, row.id);
    // a repeated call (a double click, a retry after a lost answer) answers what the first did
    if (await eventByKey(tx, row.id, input.requestKey))
      return present(tx, (await findScoped(tx, session, uid))!, clinic.timeZone);
    assertMove('dispense', from);
    const location = await pharmacyLocation(tx, row.clinicId, row.pharmacyLocationId);
    if (!location) throw refuse(409, 'noPharmacyLocation');

    const uids = [...new Set(row.items.flatMap((i) => stockDrugUid(i) ?? []))];
    const drugs = new Map((await drugsOf(tx, row.corpId, uids)).map((d) => [d.uid, d]));
    const given = await dispensedPerLine(tx, row.id);
    const asked = new Map(input.lines.map((l) => [l.line, l.quantity]));
    for (const line of asked.keys())
      if (line >= row.items.length) throw refuse(400, 'lineUnknown', { line: line + 1 }, `lines.${line}`);

    const takes = row.items.flatMap((item, line) => {
      const drugUid = stockDrugUid(item);
      const drug = drugUid ? drugs.get(drugUid) : undefined;
      if (!drug) return [];
      const owed = roundQuantity(item.quantity - (given.get(line) ?? 0));
      const quantity = roundQuantity(asked.get(line) ?? owed);
      if (toMilli(quantity) > toMilli(owed))
        throw refuse(400, 'overOwed', { line: line + 1, owed, unit: drug.baseUnit }, `lines.${line}`);
      return [{ line, drug, quantity, rest: roundQuantity(owed - quantity) }];
    });
    // a handover gives something: all lines at 0 (or the rest of nothing) is a slip
    if ((takes.length || from === 'partially_dispensed') && !takes.some((t) => t.quantity > 0))
      throw refuse(400, 'nothingGiven');
    const to = takes.some((t) => t.rest > 0) ? 'partially_dispensed' : 'dispensed';

    const eventId = await insertEvent(tx, {
      prescriptionId: row.id,
      action: 'dispense',
      fromStatus: from,
      toStatus: to,
      requestKey: input.requestKey,
      userId: session.userId,
    });
    const lines: PrescriptionDispensed['lines'] = [];
    const rows = [];
    for (const take of takes.filter((t) => t.quantity > 0)) {
      const taken = await takeStock(tx, session, location.uid, {
        itemUid: take.drug.uid,
        quantity: take.quantity,
        unit: take.drug.baseUnit,
        kind: 'dispense',
        reason: null,
        reference: { type: 'prescription', uid: row.uid },
      });
      for (const batch of taken.lines) {
        const quantity = -batch.quantity;
        rows.push({
          prescriptionId: row.id,
          eventId,
          line: take.line,
          itemId: take.drug.id,
          batchNumber: batch.batchNumber,
          expiryDate: batch.expiryDate,
          quantity,
          unitPrice: take.drug.price,
          unitCost: batch.unitCost,
        });
        lines.push({
          line: take.line,
          itemUid: take.drug.uid,
          name: take.drug.name,
          batchNumber: batch.batchNumber,
          expiryDate: batch.expiryDate,
          quantity,
          baseUnit: take.drug.baseUnit,
          unitPrice: take.drug.price,
        });
      }
    }
    await insertDispensed(tx, rows);
    await setStatus(tx, row.id, to, location.id);
    await afterMove(tx, session, row, to);
    const payload: PrescriptionDispensed = {
      prescriptionUid: row.uid,
      registrationUid: row.registrationUid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      patientId: row.patientId,
      status: to,
      requestKey: input.requestKey,
      actor: { userId: session.userId, ip },
      lines,
    };
    await emit(tx, {
      type: PHARMACY_EVENTS.dispensed,
      aggregateType: 'prescription',
      aggregateId: row.uid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      payload,
    });
    await audit(tx, session, ip, row, 'prescription.dispense', { from, to, lines });
    return present(tx, (await findScoped(tx, session, uid))!, clinic.timeZone);
  });
}
