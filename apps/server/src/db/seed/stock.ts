import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { movingAverage } from '@klinikita/domain/inventory/inventory.rules';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  drugs,
  itemCosts,
  itemUnits,
  labContainerConsumables,
  stockBatches,
  stockLevels,
  stockLocations,
  stockMovements,
  users,
} from '../schema/index.ts';
import { DEMO_LOCATIONS, DEMO_STOCK, type DemoStockItem } from './stock.data.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo clinics that keep stock: Menteng and Cikarang. */
export const STOCK_CLINICS = [10, 11];
const DAY_MS = 86_400_000;

/**
 * Demo: stock locations (Gudang, Apotek, Ruang Tindakan, Laboratorium) at Menteng and Cikarang,
 * and stock of the demo formulary in batches, every quantity arriving through the ledger — a receipt
 * into the warehouse, then a transfer to the pharmacy, the treatment room or the lab — so each stock
 * card sums to the stock on hand. The lab's consumables list names the lab items. A clinic that already has stock locations is left alone, so it may run again.
 * Returns the number of clinics stocked.
 */
export async function seedDemoStock(db: Db, now = new Date()): Promise<number> {
  let stocked = 0;
  for (const clinicId of STOCK_CLINICS) {
    const done = await db.transaction(async (tx) => stockClinic(tx, clinicId, now));
    if (done) stocked++;
  }
  return stocked;
}

async function stockClinic(tx: Tx, clinicId: number, now: Date): Promise<boolean> {
  const [clinic] = await tx
    .select({ corpId: clinics.corpId, timeZone: clinics.timeZone })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  if (!clinic) return false;
  const [existing] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(eq(stockLocations.clinicId, clinicId))
    .limit(1);
  if (existing) return false;
  const [pharmacist] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.corpId, clinic.corpId), inArray(users.username, ['farmasi', 'admin'])))
    .orderBy(desc(users.username))
    .limit(1);
  const by = pharmacist?.id ?? null;

  const places = await tx
    .insert(stockLocations)
    .values(
      DEMO_LOCATIONS.map((l) => ({
        uid: newUid(),
        corpId: clinic.corpId,
        clinicId,
        name: l.name,
        type: l.type,
        createdBy: by,
      })),
    )
    .returning({ id: stockLocations.id, type: stockLocations.type });
  const at = (type: string) => places.find((p) => p.type === type)!.id;
  const warehouse = at('warehouse');

  const today = clinicDay(clinic.timeZone, now);
  const levels = new Map<string, number>();
  const ledger = async (
    locationId: number,
    itemId: number,
    batchId: number,
    kind: 'receipt' | 'transfer_out' | 'transfer_in',
    quantity: number,
    unitCost: number,
    reference: { type: string; uid: string },
    createdAt: Date,
  ) => {
    const key = `${locationId}:${batchId}`;
    const balance = (levels.get(key) ?? 0) + quantity;
    levels.set(key, balance);
    await tx.insert(stockMovements).values({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId,
      locationId,
      itemId,
      batchId,
      kind,
      quantity,
      balanceAfter: balance,
      unitCost,
      referenceType: reference.type,
      referenceUid: reference.uid,
      createdBy: by,
      createdAt,
    });
    await tx
      .insert(stockLevels)
      .values({ locationId, batchId, itemId, quantity: balance, updatedAt: createdAt })
      .onConflictDoUpdate({
        target: [stockLevels.locationId, stockLevels.batchId],
        set: { quantity: balance, updatedAt: createdAt },
      });
  };

  for (const item of DEMO_STOCK) {
    const itemId = await demoItem(tx, clinic.corpId, item);
    if (itemId === null) continue;
    if (item.lab)
      await tx
        .insert(labContainerConsumables)
        .values({ corpId: clinic.corpId, container: item.lab.key, itemId, quantity: item.lab.quantity })
        .onConflictDoNothing();
    let onHand = 0;
    let average = 0;
    // oldest receipt first: the card runs in the order things happened
    const batches = [...item.batches].sort((x, y) => y.receivedDaysAgo - x.receivedDaysAgo);
    const moves: (() => Promise<void>)[] = [];
    for (const batch of batches) {
      const batchId = await batchOf(tx, itemId, batch.batchNumber, addDays(today, batch.expiresInDays));
      const total = batch.warehouse + batch.moved;
      const receivedAt = new Date(now.getTime() - batch.receivedDaysAgo * DAY_MS);
      await ledger(
        warehouse,
        itemId,
        batchId,
        'receipt',
        total,
        batch.unitCost,
        { type: 'receipt', uid: newUid() },
        receivedAt,
      );
      average = movingAverage(onHand, average, total, batch.unitCost);
      onHand += total;
      if (batch.moved > 0) {
        const to = at(item.lab ? 'lab' : item.consumable ? 'treatment' : 'pharmacy');
        const movedAt = new Date(now.getTime() - 7 * DAY_MS + moves.length * 60_000);
        moves.push(async () => {
          const reference = { type: 'transfer', uid: newUid() };
          await ledger(
            warehouse,
            itemId,
            batchId,
            'transfer_out',
            -batch.moved,
            batch.unitCost,
            reference,
            movedAt,
          );
          await ledger(to, itemId, batchId, 'transfer_in', batch.moved, batch.unitCost, reference, movedAt);
        });
      }
    }
    for (const move of moves) await move();
    await tx
      .insert(itemCosts)
      .values({ itemId, clinicId, averageCost: average, onHand })
      .onConflictDoUpdate({
        target: [itemCosts.itemId, itemCosts.clinicId],
        set: { averageCost: average, onHand },
      });
  }
  return true;
}

/** The formulary item (a consumable or an added drug joins the master when missing), with its stock settings. */
async function demoItem(tx: Tx, corpId: number, item: DemoStockItem): Promise<number | null> {
  const [found] = await tx
    .select({ id: drugs.id, unit: drugs.unit, baseUnit: drugs.baseUnit })
    .from(drugs)
    .where(
      and(
        eq(drugs.corpId, corpId),
        isNull(drugs.deletedAt),
        sql`lower(${drugs.name}) = lower(${item.name})`,
        item.strength === null || item.consumable ? undefined : eq(drugs.strength, item.strength),
      ),
    )
    .orderBy(drugs.id)
    .limit(1);
  let row = found;
  const added = item.consumable ?? item.added;
  if (!row && added) {
    [row] = await tx
      .insert(drugs)
      .values({
        uid: newUid(),
        corpId,
        name: item.name,
        genericName: item.added?.genericName ?? null,
        form: added.form,
        strength: item.strength,
        unit: added.unit,
        price: added.price,
        kind: item.consumable ? 'consumable' : 'drug',
      })
      .returning({ id: drugs.id, unit: drugs.unit, baseUnit: drugs.baseUnit });
  }
  if (!row) return null;
  await tx
    .update(drugs)
    .set({
      kind: item.consumable ? 'consumable' : 'drug',
      drugClass: item.drugClass,
      baseUnit: row.baseUnit ?? row.unit,
      minStock: item.minStock,
    })
    .where(eq(drugs.id, row.id));
  if (item.units.length)
    await tx
      .insert(itemUnits)
      .values(item.units.map((u) => ({ itemId: row.id, name: u.name, factor: u.factor })))
      .onConflictDoNothing();
  return row.id;
}

/** A batch of the item, made on its first receipt (Menteng and Cikarang share the corporate's items). */
async function batchOf(tx: Tx, itemId: number, batchNumber: string, expiryDate: string): Promise<number> {
  const [found] = await tx
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(and(eq(stockBatches.itemId, itemId), eq(stockBatches.batchNumber, batchNumber)));
  if (found) return found.id;
  const [made] = await tx
    .insert(stockBatches)
    .values({ itemId, batchNumber, expiryDate })
    .returning({ id: stockBatches.id });
  return made.id;
}
