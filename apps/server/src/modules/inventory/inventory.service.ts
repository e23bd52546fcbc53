import { clinicDay } from '@klinikita/domain/common/clinic-day';
import {
  adjustmentDelta,
  costPerBaseUnit,
  movingAverage,
  roundQuantity,
  toMilli,
  wholeRupiah,
} from '@klinikita/domain/inventory/inventory.rules';
import type { AdjustInput, IssueInput, ReceiveInput } from '@klinikita/domain/inventory/inventory.schema';
import type { StockWrite } from '@klinikita/domain/inventory/stock.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import { baseQuantity, finish, lineOf, plan, type Reference, takeOut } from './inventory.ledger.ts';
import {
  addToLevel,
  batchOrNew,
  findBatch,
  lockCost,
  lockLevel,
  setCost,
  takeFromLevel,
} from './inventory.queries.ts';
import { auditStock, refuse, scopedItem, scopedLocation } from './inventory.scope.ts';

/**
 * The stock ledger's writes (issue 17 §4). Each runs in one transaction: the item's cost row at
 * the clinic is locked first (receipts, issues, transfers and adjustments of an item at a clinic
 * wait their turn), then the levels; every change of a level is a movement row, never edited.
 * Refusals throw inside the transaction, so nothing of a refused call is kept.
 */

/** Receives a batch into a location; the clinic's moving average takes in its cost. */
export async function receive(
  db: Db,
  session: AuthSession,
  locationUid: string,
  input: ReceiveInput,
  ip: string,
): Promise<StockWrite> {
  return db.transaction(async (tx) => {
    const { location, clinic } = await scopedLocation(tx, session, locationUid);
    const item = await scopedItem(tx, session, input.itemUid);
    const { factor, base } = baseQuantity(item, input.quantity, input.unit);
    if (input.expiryDate < clinicDay(clinic.timeZone))
      throw refuse(400, 'expiryBeforeReceipt', {}, 'expiryDate', 'expiryBeforeReceipt');
    const cost = await lockCost(tx, item.id, clinic.id);
    const batch = await batchOrNew(tx, item.id, input.batchNumber, input.expiryDate);
    if (batch.expiryDate !== input.expiryDate)
      throw refuse(
        409,
        'batchExpiryMismatch',
        { batch: batch.batchNumber, expiry: batch.expiryDate },
        'expiryDate',
      );
    const unitCost = costPerBaseUnit(input.unitCost, factor);
    const averageCost = movingAverage(cost.onHand, cost.averageCost, base, unitCost);
    await setCost(tx, item.id, clinic.id, { averageCost, onHand: roundQuantity(cost.onHand + base) });
    const balanceAfter = await addToLevel(
      tx,
      { locationId: location.id, batchId: batch.id, itemId: item.id },
      base,
    );
    const reference = { type: 'receipt', uid: newUid() };
    const answer = await finish(
      tx,
      session,
      { location, item, reference, averageCost },
      [
        {
          clinicId: clinic.id,
          locationId: location.id,
          batchId: batch.id,
          kind: 'receipt',
          quantity: base,
          balanceAfter,
          unitCost: wholeRupiah(unitCost),
          reason: null,
        },
      ],
      [lineOf(batch, base, balanceAfter, wholeRupiah(unitCost))],
    );
    await auditStock(tx, session, ip, {
      clinicId: clinic.id,
      action: 'stock.receive',
      entity: 'stockMovement',
      entityId: reference.uid,
      detail: { location: location.uid, item: item.uid, ...input, baseQuantity: base },
    });
    return answer;
  });
}

export interface TakeStock extends IssueInput {
  /** What caused it (a prescription, a procedure, …) */
  reference: Reference;
  /** Dispensing or use; by default as the item is a drug or a consumable. */
  kind?: 'dispense' | 'consumable_use';
}

/**
 * Takes stock out of a location first-expiry-first-out, inside the caller's transaction (the
 * stock screens' issue; next the pharmacy's dispensing and a procedure's consumables): one
 * movement per batch taken; short stock is refused (409, what is available) and nothing changes.
 */
export async function takeStock(
  tx: Tx,
  session: AuthSession,
  locationUid: string,
  input: TakeStock,
): Promise<StockWrite> {
  const { location, clinic } = await scopedLocation(tx, session, locationUid);
  const item = await scopedItem(tx, session, input.itemUid);
  const { base } = baseQuantity(item, input.quantity, input.unit);
  const cost = await lockCost(tx, item.id, clinic.id);
  const takes = await plan(tx, { location, item, today: clinicDay(clinic.timeZone) }, base, input);
  const balances = await takeOut(tx, location.id, takes);
  await setCost(tx, item.id, clinic.id, { ...cost, onHand: roundQuantity(cost.onHand - base) });
  const unitCost = wholeRupiah(cost.averageCost);
  const kind = input.kind ?? (item.kind === 'consumable' ? 'consumable_use' : 'dispense');
  return finish(
    tx,
    session,
    { location, item, reference: input.reference, averageCost: cost.averageCost },
    takes.map((t, i) => ({
      clinicId: clinic.id,
      locationId: location.id,
      batchId: t.batch.batchId,
      kind,
      quantity: -t.quantity,
      balanceAfter: balances[i],
      unitCost,
      reason: input.reason ?? null,
    })),
    takes.map((t, i) => lineOf(t.batch, -t.quantity, balances[i], unitCost)),
  );
}

/** An issue from the stock screens: dispensing for a drug, use for a consumable. */
export async function issue(
  db: Db,
  session: AuthSession,
  locationUid: string,
  input: IssueInput,
  ip: string,
): Promise<StockWrite> {
  return db.transaction(async (tx) => {
    const { clinic } = await scopedLocation(tx, session, locationUid);
    const answer = await takeStock(tx, session, locationUid, {
      ...input,
      reference: { type: 'issue', uid: newUid() },
    });
    await auditStock(tx, session, ip, {
      clinicId: clinic.id,
      action: 'stock.issue',
      entity: 'stockMovement',
      entityId: answer.referenceUid,
      detail: { location: locationUid, ...input, lines: answer.lines },
    });
    return answer;
  });
}

/** Corrects one batch's on-hand at a location to a count or by a difference, with a reason. */
export async function adjust(
  db: Db,
  session: AuthSession,
  locationUid: string,
  input: AdjustInput,
  ip: string,
): Promise<StockWrite> {
  return db.transaction(async (tx) => {
    const { location, clinic } = await scopedLocation(tx, session, locationUid);
    const item = await scopedItem(tx, session, input.itemUid);
    const batch = await findBatch(tx, item.id, input.batchNumber);
    if (!batch) throw refuse(400, 'batchNotFound', { batch: input.batchNumber }, 'batchNumber');
    const cost = await lockCost(tx, item.id, clinic.id);
    const onHand = (await lockLevel(tx, location.id, batch.id)) ?? 0;
    const delta = adjustmentDelta(onHand, input);
    const field = input.count === undefined ? 'delta' : 'count';
    if (toMilli(delta) === 0) throw refuse(400, 'noChange', {}, field, 'noChange');
    if (toMilli(onHand) + toMilli(delta) < 0)
      throw refuse(409, 'belowZero', { onHand, unit: item.baseUnit }, field, 'belowZero');
    const level = { locationId: location.id, batchId: batch.id, itemId: item.id };
    const balanceAfter =
      delta > 0 ? await addToLevel(tx, level, delta) : await takeFromLevel(tx, location.id, batch.id, -delta);
    await setCost(tx, item.id, clinic.id, { ...cost, onHand: roundQuantity(cost.onHand + delta) });
    const unitCost = wholeRupiah(cost.averageCost);
    const reference = { type: 'adjustment', uid: newUid() };
    const answer = await finish(
      tx,
      session,
      { location, item, reference, averageCost: cost.averageCost },
      [
        {
          clinicId: clinic.id,
          locationId: location.id,
          batchId: batch.id,
          kind: 'adjustment',
          quantity: delta,
          balanceAfter,
          unitCost,
          reason: input.reason,
        },
      ],
      [lineOf(batch, delta, balanceAfter, unitCost)],
    );
    await auditStock(tx, session, ip, {
      clinicId: clinic.id,
      action: 'stock.adjust',
      entity: 'stockMovement',
      entityId: reference.uid,
      detail: { location: location.uid, ...input, delta },
    });
    return answer;
  });
}
