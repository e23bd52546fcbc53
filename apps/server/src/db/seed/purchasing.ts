import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { movingAverage } from '@klinikita/domain/inventory/inventory.rules';
import {
  documentNumber,
  documentTotals,
  lineAmounts,
  periodOf,
  receiptUnitCost,
  statusAfterReceipt,
} from '@klinikita/domain/purchasing/purchasing.rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import {
  clinics,
  drugs,
  itemCosts,
  itemUnits,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
  purchasingCounters,
  stockBatches,
  stockLevels,
  stockLocations,
  stockMovements,
  suppliers,
  users,
} from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo clinic that buys: Menteng, into its warehouse (Gudang). */
const CLINIC_ID = 10;
const DAY_MS = 86_400_000;

/** Suppliers (pedagang besar farmasi); the NPWPs are made up. */
const DEMO_SUPPLIERS = [
  {
    name: 'PT Enseval Putera Megatrading',
    npwp: '013456789012000',
    terms: 30,
    contact: 'Bapak Hendra',
    phone: '021-4603060',
  },
  {
    name: 'PT Kimia Farma Trading & Distribution',
    npwp: '014567890123000',
    terms: 45,
    contact: 'Ibu Sari',
    phone: '021-4288710',
  },
  {
    name: 'PT Anugerah Pharmindo Lestari',
    npwp: '015678901234000',
    terms: 30,
    contact: 'Ibu Dewi',
    phone: '021-5212345',
  },
  {
    name: 'PT Parit Padang Global',
    npwp: '3171011203880002',
    terms: 14,
    contact: 'Bapak Rudi',
    phone: '021-6301234',
  },
];

interface DemoLine {
  item: string;
  unit: string;
  quantity: number;
  price: number;
  discountPercent: number;
  /** Received so far (in `unit`), its batch and expiry in days. */
  received?: { quantity: number; batch: string; expiresInDays: number };
}

/** One purchase order fully received, one half received, one draft. */
const DEMO_ORDERS: {
  supplier: number;
  status: 'received' | 'partial' | 'draft';
  daysAgo: number;
  lines: DemoLine[];
}[] = [
  {
    supplier: 0,
    status: 'received',
    daysAgo: 20,
    lines: [
      {
        item: 'Paracetamol',
        unit: 'BOX',
        quantity: 5,
        price: 11_500,
        discountPercent: 5,
        received: { quantity: 5, batch: 'PCT2510P', expiresInDays: 700 },
      },
      {
        item: 'Omeprazole',
        unit: 'BOX',
        quantity: 2,
        price: 60_000,
        discountPercent: 0,
        received: { quantity: 2, batch: 'OMZ2510P', expiresInDays: 650 },
      },
    ],
  },
  {
    supplier: 1,
    status: 'partial',
    daysAgo: 6,
    lines: [
      {
        item: 'Amoxicillin',
        unit: 'BOX',
        quantity: 10,
        price: 45_000,
        discountPercent: 10,
        received: { quantity: 5, batch: 'AMX2511K', expiresInDays: 540 },
      },
      { item: 'Cetirizine', unit: 'STRIP', quantity: 30, price: 3_000, discountPercent: 0 },
    ],
  },
  {
    supplier: 2,
    status: 'draft',
    daysAgo: 0,
    lines: [
      { item: 'Betahistine', unit: 'BOX', quantity: 1, price: 70_000, discountPercent: 0 },
      { item: 'Paracetamol', unit: 'BOX', quantity: 10, price: 11_500, discountPercent: 5 },
    ],
  },
];

/**
 * Demo purchasing (issue 17 §5): four suppliers of the corporate; at Menteng a purchase order fully
 * received, one half received (its receipt booked into the Gudang through the ledger's rows: a
 * 'receipt' movement per line, the level and the moving average), and a draft. Runs once: a
 * corporate that has suppliers is left alone. Returns whether it seeded.
 */
export async function seedDemoPurchasing(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, CLINIC_ID));
    if (!clinic) return false;
    const [any] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.corpId, clinic.corpId))
      .limit(1);
    if (any) return false;
    const [warehouse] = await tx
      .select()
      .from(stockLocations)
      .where(and(eq(stockLocations.clinicId, CLINIC_ID), eq(stockLocations.type, 'warehouse')))
      .limit(1);
    if (!warehouse) return false;
    const [farmasi] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'farmasi'));
    const by = farmasi?.id ?? null;
    const supplierRows = await tx
      .insert(suppliers)
      .values(
        DEMO_SUPPLIERS.map((s) => ({
          uid: newUid(),
          corpId: clinic.corpId,
          name: s.name,
          npwp: s.npwp,
          address: 'Jakarta',
          phone: s.phone,
          contactPerson: s.contact,
          paymentTermsDays: s.terms,
          createdBy: by,
        })),
      )
      .returning();
    const today = clinicDay(clinic.timeZone, now);
    const period = periodOf(today);
    const next = async (kind: 'order' | 'receipt') => {
      const [row] = await tx
        .insert(purchasingCounters)
        .values({ clinicId: CLINIC_ID, kind, period, lastValue: 1 })
        .onConflictDoUpdate({
          target: [purchasingCounters.clinicId, purchasingCounters.kind, purchasingCounters.period],
          set: { lastValue: sql`${purchasingCounters.lastValue} + 1` },
        })
        .returning({ value: purchasingCounters.lastValue });
      return documentNumber(kind, CLINIC_ID, period, row.value);
    };

    for (const demo of DEMO_ORDERS) {
      const supplier = supplierRows[demo.supplier];
      const lines = [];
      for (const l of demo.lines) {
        const item = await itemOf(tx, clinic.corpId, l.item, l.unit);
        if (item) lines.push({ ...l, ...item, amounts: lineAmounts(l.quantity, l.price, l.discountPercent) });
      }
      if (!lines.length) continue;
      const orderedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
      const status =
        demo.status === 'draft'
          ? 'draft'
          : statusAfterReceipt(
              lines.map((l) => ({ ordered: l.quantity, received: l.received?.quantity ?? 0 })),
            );
      const [order] = await tx
        .insert(purchaseOrders)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: CLINIC_ID,
          number: await next('order'),
          supplierId: supplier.id,
          locationId: warehouse.id,
          status,
          orderDate: addDays(today, -demo.daysAgo),
          expectedDate: addDays(today, -demo.daysAgo + 3),
          ppnPercent: 11,
          ...documentTotals(
            lines.map((l) => l.amounts),
            11,
          ),
          version: demo.status === 'draft' ? 1 : 3,
          createdBy: by,
          createdAt: orderedAt,
        })
        .returning();
      const orderLines = await tx
        .insert(purchaseOrderLines)
        .values(
          lines.map((l, i) => ({
            orderId: order.id,
            line: i,
            itemId: l.itemId,
            unit: l.unit,
            factor: l.factor,
            quantity: l.quantity,
            price: l.price,
            discountPercent: l.discountPercent,
            net: l.amounts.net,
            receivedBase: (l.received?.quantity ?? 0) * l.factor,
          })),
        )
        .returning({ id: purchaseOrderLines.id });
      const arriving = lines
        .map((l, i) => ({ ...l, orderLineId: orderLines[i].id }))
        .filter((l) => l.received);
      if (!arriving.length) continue;
      const receivedAt = new Date(orderedAt.getTime() + 2 * DAY_MS);
      const receivedDay = addDays(today, -demo.daysAgo + 2);
      const amounts = arriving.map((l) => lineAmounts(l.received!.quantity, l.price, l.discountPercent));
      const [receipt] = await tx
        .insert(purchaseReceipts)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: CLINIC_ID,
          number: await next('receipt'),
          orderId: order.id,
          supplierId: supplier.id,
          locationId: warehouse.id,
          invoiceNumber: `INV/${supplier.id}/${order.id}/${receivedDay.replace(/-/g, '')}`,
          invoiceDate: receivedDay,
          dueDate: addDays(receivedDay, supplier.paymentTermsDays),
          receivedDate: receivedDay,
          ppnPercent: 11,
          ...documentTotals(amounts, 11),
          requestKey: `demo-receipt-${order.uid}`,
          createdBy: by,
          createdAt: receivedAt,
        })
        .returning();
      for (const [i, l] of arriving.entries()) {
        const r = l.received!;
        const base = r.quantity * l.factor;
        const unitCost = receiptUnitCost(amounts[i].net, base);
        const batchId = await batchOf(tx, l.itemId, r.batch, addDays(today, r.expiresInDays));
        await book(tx, {
          corpId: clinic.corpId,
          locationId: warehouse.id,
          itemId: l.itemId,
          batchId,
          base,
          unitCost,
          reference: receipt.uid,
          by,
          at: receivedAt,
        });
        await tx.insert(purchaseReceiptLines).values({
          receiptId: receipt.id,
          line: i,
          orderLineId: l.orderLineId,
          itemId: l.itemId,
          batchId,
          unit: l.unit,
          factor: l.factor,
          quantity: r.quantity,
          baseQuantity: base,
          price: l.price,
          discountPercent: l.discountPercent,
          net: amounts[i].net,
          unitCost,
        });
      }
    }
    return true;
  });
}

/** The demo formulary's item and the factor of the unit it is bought in. */
async function itemOf(tx: Tx, corpId: number, name: string, unit: string) {
  const [item] = await tx
    .select({ id: drugs.id })
    .from(drugs)
    .where(and(eq(drugs.corpId, corpId), isNull(drugs.deletedAt), sql`lower(${drugs.name}) = lower(${name})`))
    .orderBy(drugs.id)
    .limit(1);
  if (!item) return null;
  const [packaging] = await tx
    .select({ factor: itemUnits.factor })
    .from(itemUnits)
    .where(and(eq(itemUnits.itemId, item.id), eq(itemUnits.name, unit)));
  return packaging ? { itemId: item.id, factor: packaging.factor } : null;
}

async function batchOf(tx: Tx, itemId: number, batchNumber: string, expiryDate: string) {
  await tx.insert(stockBatches).values({ itemId, batchNumber, expiryDate }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: stockBatches.id })
    .from(stockBatches)
    .where(and(eq(stockBatches.itemId, itemId), eq(stockBatches.batchNumber, batchNumber)));
  return row.id;
}

/** A 'receipt' movement into the warehouse: the level, the movement with its balance, the moving average. */
async function book(
  tx: Tx,
  m: {
    corpId: number;
    locationId: number;
    itemId: number;
    batchId: number;
    base: number;
    unitCost: number;
    reference: string;
    by: number | null;
    at: Date;
  },
) {
  const [level] = await tx
    .insert(stockLevels)
    .values({ locationId: m.locationId, batchId: m.batchId, itemId: m.itemId, quantity: m.base })
    .onConflictDoUpdate({
      target: [stockLevels.locationId, stockLevels.batchId],
      set: { quantity: sql`${stockLevels.quantity} + excluded.quantity`, updatedAt: sql`now()` },
    })
    .returning({ quantity: stockLevels.quantity });
  await tx.insert(stockMovements).values({
    uid: newUid(),
    corpId: m.corpId,
    clinicId: CLINIC_ID,
    locationId: m.locationId,
    itemId: m.itemId,
    batchId: m.batchId,
    kind: 'receipt',
    quantity: m.base,
    balanceAfter: level.quantity,
    unitCost: Math.round(m.unitCost),
    referenceType: 'purchase_receipt',
    referenceUid: m.reference,
    createdBy: m.by,
    createdAt: m.at,
  });
  const [cost] = await tx
    .select()
    .from(itemCosts)
    .where(and(eq(itemCosts.itemId, m.itemId), eq(itemCosts.clinicId, CLINIC_ID)));
  const averageCost = movingAverage(cost?.onHand ?? 0, cost?.averageCost ?? 0, m.base, m.unitCost);
  const onHand = (cost?.onHand ?? 0) + m.base;
  await tx
    .insert(itemCosts)
    .values({ itemId: m.itemId, clinicId: CLINIC_ID, averageCost, onHand })
    .onConflictDoUpdate({ target: [itemCosts.itemId, itemCosts.clinicId], set: { averageCost, onHand } });
}
