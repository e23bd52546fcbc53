import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import {
  DEAD_STOCK_DAYS,
  isExpired,
  nearExpiryUntil,
  OUTGOING_KINDS,
} from '@klinikita/domain/inventory/inventory.rules';
import type { CardQuery, StockQuery } from '@klinikita/domain/inventory/inventory.schema';
import type {
  CardEntry,
  Consistency,
  StockAlerts,
  StockItem,
} from '@klinikita/domain/inventory/stock.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { pageOf } from '../../shared/sql.ts';
import { toCardEntry, toStockItem } from './inventory.mapper.ts';
import { scopedItem, scopedLocation } from './inventory.scope.ts';
import {
  belowMinimum,
  consistency,
  deadStock,
  nearExpiry,
  pageLocationStock,
  stockCard,
} from './stock-reads.queries.ts';

/** What the stock screens read: a location's stock, the stock card, the check and the alerts. */

export async function listLocationStock(
  db: Db,
  session: AuthSession,
  locationUid: string,
  q: StockQuery,
): Promise<Paged<StockItem>> {
  const { location, clinic } = await scopedLocation(db, session, locationUid);
  const { rows, total } = await pageLocationStock(db, location, q);
  const today = clinicDay(clinic.timeZone);
  return pageOf(
    rows.map((r) => toStockItem(r, today)),
    total,
    q,
  );
}

export async function getStockCard(
  db: Db,
  session: AuthSession,
  locationUid: string,
  itemUid: string,
  q: CardQuery,
): Promise<Paged<CardEntry>> {
  const { location } = await scopedLocation(db, session, locationUid);
  const item = await scopedItem(db, session, itemUid);
  const { rows, total } = await stockCard(db, location.id, item.id, q);
  return pageOf(rows.map(toCardEntry), total, q);
}

/** Every location × item of the clinic whose movements do not sum to its on-hand (none, normally). */
export async function checkConsistency(db: Db, session: AuthSession, clinicId: number): Promise<Consistency> {
  const clinic = clinicOf(session, clinicId);
  return consistency(db, clinic.id);
}

/**
 * Below minimum over the clinic's locations; batches expiring within three months of the clinic's
 * today (and expired ones still on the shelf); stock held 90 days with nothing used or returned.
 */
export async function getAlerts(db: Db, session: AuthSession, clinicId: number): Promise<StockAlerts> {
  const clinic = clinicOf(session, clinicId);
  const today = clinicDay(clinic.timeZone);
  const until = nearExpiryUntil(today);
  const since = new Date(Date.now() - DEAD_STOCK_DAYS * 86_400_000);
  const [low, expiring, dead] = await Promise.all([
    belowMinimum(db, session.corpId, clinic.id),
    nearExpiry(db, clinic.id, until),
    deadStock(db, clinic.id, since, OUTGOING_KINDS),
  ]);
  return {
    belowMinimum: low,
    nearExpiry: expiring.map((r) => ({ ...r, expired: isExpired(r.expiryDate, today) })),
    deadStock: dead.map((r) => ({
      ...r,
      lastOutAt: r.lastOutAt ? new Date(r.lastOutAt).toISOString() : null,
    })),
    until,
  };
}
