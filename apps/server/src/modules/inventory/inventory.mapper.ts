import { isExpired, type MovementKind, wholeRupiah } from '@klinikita/domain/inventory/inventory.rules';
import type {
  CardEntry,
  ItemStockSettings,
  StockItem,
  StockLocation,
} from '@klinikita/domain/inventory/stock.schema';
import type { ItemRow, LocationRow } from './inventory.queries.ts';
import type { CardRow, LocationStockRow } from './stock-reads.queries.ts';

export function toLocation(row: LocationRow): StockLocation {
  return { uid: row.uid, clinicId: row.clinicId, name: row.name, type: row.type, active: row.active };
}

export function toItemSettings(item: ItemRow, baseUnitLocked: boolean): ItemStockSettings {
  return {
    uid: item.uid,
    name: item.name,
    strength: item.strength,
    form: item.form,
    kind: item.kind,
    drugClass: item.drugClass,
    baseUnit: item.baseUnit,
    minStock: item.minStock,
    units: item.units.map((u) => ({ name: u.name, factor: u.factor })),
    baseUnitLocked,
  };
}

export function toStockItem(row: LocationStockRow, today: string): StockItem {
  return {
    itemUid: row.itemUid,
    name: row.name,
    strength: row.strength,
    kind: row.kind,
    drugClass: row.drugClass,
    baseUnit: row.baseUnit,
    minStock: row.minStock,
    onHand: row.onHand,
    averageCost: wholeRupiah(row.averageCost),
    value: wholeRupiah(row.onHand * row.averageCost),
    batches: (row.batches ?? []).map((b) => ({ ...b, expired: isExpired(b.expiryDate, today) })),
  };
}

export function toCardEntry(row: CardRow): CardEntry {
  return {
    uid: row.uid,
    at: new Date(row.at).toISOString(),
    kind: row.kind as MovementKind,
    batchNumber: row.batchNumber,
    expiryDate: row.expiryDate,
    quantity: row.quantity,
    batchBalance: row.batchBalance,
    balance: row.balance,
    unitCost: row.unitCost,
    referenceType: row.referenceType,
    referenceUid: row.referenceUid,
    referenceNumber: row.referenceNumber ?? null,
    counterpart: row.counterpart ?? null,
    reason: row.reason,
    by: row.by,
  };
}
