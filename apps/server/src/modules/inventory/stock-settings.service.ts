import type { ItemSettingsInput, LocationCreateInput } from '@klinikita/domain/inventory/inventory.schema';
import type { ItemStockSettings, StockLocation } from '@klinikita/domain/inventory/stock.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { newUid } from '../../shared/crypto.ts';
import { isUniqueViolation } from '../../shared/sql.ts';
import { toItemSettings, toLocation } from './inventory.mapper.ts';
import {
  insertLocation,
  itemHasMovements,
  locationsOfClinic,
  updateItemSettings,
} from './inventory.queries.ts';
import { auditStock, refuse, scopedItem } from './inventory.scope.ts';

/** A clinic's stock locations, and an item's stock settings (kind, class, units, minimum). */

export async function listLocations(
  db: Db,
  session: AuthSession,
  clinicId: number,
): Promise<StockLocation[]> {
  const clinic = clinicOf(session, clinicId);
  return (await locationsOfClinic(db, clinic.id)).map(toLocation);
}

export async function createLocation(
  db: Db,
  session: AuthSession,
  input: LocationCreateInput,
  ip: string,
): Promise<StockLocation> {
  const clinic = clinicOf(session, input.clinicId);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertLocation(tx, {
        uid: newUid(),
        corpId: session.corpId,
        clinicId: clinic.id,
        name: input.name,
        type: input.type,
        createdBy: session.userId,
      });
      await auditStock(tx, session, ip, {
        clinicId: clinic.id,
        action: 'stock.location.create',
        entity: 'stockLocation',
        entityId: row.uid,
        detail: input,
      });
      return toLocation(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'locationExists', { name: input.name }, 'name');
    throw error;
  }
}

export async function getItemSettings(
  db: Db,
  session: AuthSession,
  itemUid: string,
): Promise<ItemStockSettings> {
  const item = await scopedItem(db, session, itemUid);
  return toItemSettings(item, await itemHasMovements(db, item.id));
}

/**
 * Sets an item's kind, class, base unit, minimum stock and packaging units (the list replaces the
 * old one; quantities already booked are in base units and stay). The base unit stays once stock
 * has moved.
 */
export async function setItemSettings(
  db: Db,
  session: AuthSession,
  itemUid: string,
  input: ItemSettingsInput,
  ip: string,
): Promise<ItemStockSettings> {
  return db.transaction(async (tx) => {
    const before = await scopedItem(tx, session, itemUid);
    const moved = await itemHasMovements(tx, before.id);
    if (moved && input.baseUnit !== before.baseUnit)
      throw refuse(409, 'baseUnitLocked', { unit: before.baseUnit }, 'baseUnit');
    await updateItemSettings(tx, before.id, input);
    await auditStock(tx, session, ip, {
      clinicId: null,
      action: 'stock.item.settings',
      entity: 'drug',
      entityId: before.uid,
      detail: {
        from: {
          kind: before.kind,
          drugClass: before.drugClass,
          baseUnit: before.baseUnit,
          minStock: before.minStock,
          units: before.units,
        },
        to: input,
      },
    });
    const after = await scopedItem(tx, session, itemUid);
    return toItemSettings(after, moved);
  });
}
