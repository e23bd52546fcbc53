import { unitFactor } from '@klinikita/domain/inventory/inventory.rules';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { findItem, findScopedLocation, type ItemRow, type LocationRow } from './inventory.queries.ts';

/**
 * What every stock call starts with: the location within the caller's clinics (another clinic's
 * or corporate's is 404, whatever its uid), the item of the caller's corporate (404), the unit
 * the quantity is counted in. Ids from the client are looked up here, never trusted.
 */

/** A refusal with the `inventory.*` message; `field` marks the form field (its own `…Field` text). */
export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = `${key}Field`,
) =>
  new AppError(
    status,
    `inventory.${key}`,
    params,
    field ? [{ path: field, key: `inventory.${fieldKey}` }] : [],
  );

export async function scopedLocation(
  db: Executor,
  session: AuthSession,
  uid: string,
  notFound = refuse(404, 'locationNotFound'),
): Promise<{ location: LocationRow; clinic: ReturnType<typeof clinicOf> }> {
  const location = await findScopedLocation(db, session.corpId, session.clinicIds, uid);
  if (!location) throw notFound;
  return { location, clinic: clinicOf(session, location.clinicId) };
}

export async function scopedItem(db: Executor, session: AuthSession, uid: string): Promise<ItemRow> {
  const item = await findItem(db, session.corpId, uid);
  if (!item) throw refuse(404, 'itemNotFound', {}, 'itemUid');
  return item;
}

/** The base units per unit named (1 for the base unit); a unit the item does not know is refused. */
export function factorOf(item: ItemRow, unit: string): number {
  const factor = unitFactor(item.baseUnit, item.units, unit);
  if (factor !== null) return factor;
  const units = [item.baseUnit, ...item.units.map((u) => u.name)].join(', ');
  throw refuse(400, 'unitUnknown', { unit, item: item.name, units }, 'unit');
}

export async function auditStock(
  db: Executor,
  session: AuthSession,
  ip: string,
  entry: { clinicId: number | null; action: string; entity: string; entityId: string; detail: unknown },
): Promise<void> {
  await writeAudit(db, { userId: session.userId, corpId: session.corpId, ip, ...entry });
}
