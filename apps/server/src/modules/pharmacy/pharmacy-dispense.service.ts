import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { roundQuantity, toMilli } from '@klinikita/domain/inventory/inventory.rules';
import { PHARMACY_EVENTS, type PrescriptionDispensed } from '@klinikita/domain/pharmacy/pharmacy.events';
import { packetsOf, perPacket } from '@klinikita/domain/pharmacy/pharmacy.racikan';
import type { DispenseInput } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import type { Tx } from '../../shared/sql.ts';
import { takeStock } from '../inventory/inventory.service.ts';
import { drugUidsOf, lineDrug } from './pharmacy.mapper.ts';
import {
  type DrugRow,
  dispensedPerLine,
  drugsOf,
  eventByKey,
  insertDispensed,
  insertEvent,
  type LocationRow,
  lockOrder,
  type OrderRow,
  pharmacyLocation,
  racikanGiven,
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
import { chosenBatches } from './pharmacy-batches.ts';
import { clinicFees, insertFees, substitutionsOf } from './pharmacy-extras.queries.ts';

/** One take of stock: a plain line's drug, or one ingredient of a racikan line. */
interface Take {
  line: number;
  ingredient: number | null;
  drug: DrugRow;
  quantity: number;
  /** Batches chosen by hand (in FEFO order), or null for the FEFO pick. */
  batches: { batchNumber: string; quantity: number }[] | null;
  override: boolean;
}

/**
 * The handover (issue 17 §3, research §1.7): per line the quantity given (the rest owed when it is
 * the prescribed one by default), stock taken first-expiry-first-out from the clinic's pharmacy
 * location in the same transaction (short stock: 409 and nothing changes), one `dispensed_items`
 * row per line, ingredient and batch, the order dispensed or partly dispensed, the visit on to the
 * cashier when done, and `prescription.dispensed` (with the racikan fees) for billing. The same
 * request key dispenses once.
 *
 * A plain line counts in its drug's base unit and takes the substitute's stock when the pharmacist
 * substituted it; its batches may be chosen by hand (others than FEFO's need `overrideReason`). A
 * racikan is handed over whole: each ingredient of the master takes its amount per packet (dtd)
 * times the packets. A drug typed in without the master takes no stock and counts as given.
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
    const { takes, rests, racikan } = await planTakes(tx, row, location, input, {
      today: clinicDay(clinic.timeZone),
      from,
    });
    // a handover gives something: all lines at 0 (or the rest of nothing) is a slip
    if (
      (rests.length || from === 'partially_dispensed') &&
      !takes.some((t) => t.quantity > 0) &&
      !racikan.length
    )
      throw refuse(400, 'nothingGiven');
    const override = takes.some((t) => t.override);
    if (override && !input.overrideReason) throw refuse(400, 'overrideReason', {}, 'overrideReason');
    const overrideReason = override ? input.overrideReason : null;
    const to = rests.some((r) => r > 0) ? 'partially_dispensed' : 'dispensed';

    const eventId = await insertEvent(tx, {
      prescriptionId: row.id,
      action: 'dispense',
      fromStatus: from,
      toStatus: to,
      reason: overrideReason,
      requestKey: input.requestKey,
      userId: session.userId,
    });
    const lines: PrescriptionDispensed['lines'] = [];
    const rows = [];
    const reference = { type: 'prescription', uid: row.uid };
    for (const take of takes.filter((t) => t.quantity > 0)) {
      const picks = take.batches ?? [{ batchNumber: null, quantity: take.quantity }];
      for (const pick of picks) {
        const taken = await takeStock(tx, session, location.uid, {
          itemUid: take.drug.uid,
          quantity: pick.quantity,
          unit: take.drug.baseUnit,
          batchNumber: pick.batchNumber,
          kind: 'dispense',
          reason: take.override ? overrideReason : null,
          reference,
        });
        for (const batch of taken.lines) {
          // a batch chosen by hand that a concurrent handover emptied is not quietly replaced
          if (pick.batchNumber && batch.batchNumber !== pick.batchNumber)
            throw refuse(409, 'batchShort', { batch: pick.batchNumber }, `lines.${take.line}.batches`);
          const quantity = -batch.quantity;
          rows.push({
            prescriptionId: row.id,
            eventId,
            line: take.line,
            ingredient: take.ingredient,
            itemId: take.drug.id,
            batchNumber: batch.batchNumber,
            expiryDate: batch.expiryDate,
            quantity,
            unitPrice: take.drug.price,
            unitCost: batch.unitCost,
            overrideReason: take.override ? overrideReason : null,
          });
          lines.push({
            line: take.line,
            itemUid: take.drug.uid,
            // the name as the bill and the label show it: with its strength
            name: take.drug.strength ? `${take.drug.name} ${take.drug.strength}` : take.drug.name,
            batchNumber: batch.batchNumber,
            expiryDate: batch.expiryDate,
            quantity,
            baseUnit: take.drug.baseUnit,
            unitPrice: take.drug.price,
            ingredient: take.ingredient,
          });
        }
      }
    }
    await insertDispensed(tx, rows);
    const tariff = await clinicFees(tx, row.clinicId);
    const fees = racikan
      .flatMap(({ line, packets }) => [
        { line, kind: 'compounding' as const, quantity: 1, unitPrice: tariff.compoundingPerLine },
        { line, kind: 'packaging' as const, quantity: packets, unitPrice: tariff.packagingPerPacket },
      ])
      .map((f) => ({ ...f, amount: f.quantity * f.unitPrice }));
    await insertFees(
      tx,
      fees.map((f) => ({ ...f, prescriptionId: row.id, eventId })),
    );
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
      overrideReason,
      fees,
    };
    await emit(tx, {
      type: PHARMACY_EVENTS.dispensed,
      aggregateType: 'prescription',
      aggregateId: row.uid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      payload,
    });
    await audit(tx, session, ip, row, 'prescription.dispense', { from, to, lines, fees, overrideReason });
    return present(tx, (await findScoped(tx, session, uid))!, clinic.timeZone);
  });
}

/**
 * What each line takes: the quantity asked (the rest owed by default) of a plain line's drug with
 * its chosen batches, every ingredient of a racikan handed over; the rest owed per line after it,
 * and the racikan lines handed over now (they are charged the fees).
 */
async function planTakes(
  tx: Tx,
  row: OrderRow,
  location: LocationRow,
  input: DispenseInput,
  at: { today: string; from: string },
) {
  const { today } = at;
  const substitutions = await substitutionsOf(tx, row.id);
  const drugs = new Map(
    (await drugsOf(tx, row.corpId, drugUidsOf(row.items, substitutions))).map((d) => [d.uid, d]),
  );
  const x = { drugs, substitutions: new Map(substitutions.map((s) => [s.line, s])) };
  const given = await dispensedPerLine(tx, row.id);
  const compounded = await racikanGiven(tx, row.id);
  const asked = new Map(input.lines.map((l) => [l.line, l]));
  for (const line of asked.keys())
    if (line >= row.items.length) throw refuse(400, 'lineUnknown', { line: line + 1 }, `lines.${line}`);

  const takes: Take[] = [];
  const rests: number[] = [];
  const racikan: { line: number; packets: number }[] = [];
  for (const [line, item] of row.items.entries()) {
    const ask = asked.get(line);
    if (item.kind === 'compound') {
      const stocked = item.ingredients.flatMap((g, k) => {
        const drug = g.drugId ? drugs.get(g.drugId) : undefined;
        return drug ? [{ g, k, drug }] : [];
      });
      // a racikan of drugs typed in takes no stock: charged and counted as given with the first handover
      if (!stocked.length) {
        if (at.from === 'ready') racikan.push({ line, packets: packetsOf(item.quantity) });
        continue;
      }
      const owed = compounded.has(line) ? 0 : packetsOf(item.quantity);
      const packets = ask ? ask.quantity : owed;
      if (ask?.batches?.length) throw refuse(400, 'batchesRacikan', {}, `lines.${line}.batches`);
      if (toMilli(packets) > toMilli(owed))
        throw refuse(400, 'overOwed', { line: line + 1, owed, unit: item.unit }, `lines.${line}`);
      if (packets !== 0 && packets !== owed)
        throw refuse(400, 'racikanWhole', { line: line + 1, packets: owed }, `lines.${line}`);
      rests.push(owed - packets);
      if (!packets) continue;
      racikan.push({ line, packets });
      for (const { g, k, drug } of stocked) {
        const per = perPacket(g.amount, drug);
        if (!per.ok)
          throw refuse(
            400,
            `racikanAmount.${per.problem}`,
            { ingredient: g.name, amount: g.amount, unit: drug.baseUnit },
            `lines.${line}`,
          );
        takes.push({
          line,
          ingredient: k,
          drug,
          quantity: roundQuantity(per.quantity * packets),
          batches: null,
          override: false,
        });
      }
      continue;
    }
    const drug = lineDrug(x, item, line);
    if (!drug) continue;
    const owed = roundQuantity(item.quantity - (given.get(line) ?? 0));
    const quantity = roundQuantity(ask?.quantity ?? owed);
    if (toMilli(quantity) > toMilli(owed))
      throw refuse(400, 'overOwed', { line: line + 1, owed, unit: drug.baseUnit }, `lines.${line}`);
    rests.push(roundQuantity(owed - quantity));
    const chosen =
      ask?.batches?.length && quantity > 0
        ? await chosenBatches(tx, { location, drug, line, quantity, today, batches: ask.batches })
        : null;
    takes.push({
      line,
      ingredient: null,
      drug,
      quantity,
      batches: chosen?.batches ?? null,
      override: chosen?.override ?? false,
    });
  }
  return { takes, rests, racikan };
}
