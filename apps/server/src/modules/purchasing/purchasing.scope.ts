import { unitFactor } from '@klinikita/domain/inventory/inventory.rules';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { scopedItem } from '../inventory/inventory.scope.ts';

/**
 * What every purchasing call shares: its refusals (`purchasing.*`, the field named by its path in
 * the form: `lines.2.quantity`), the item of a line with the factor of its unit, and the audit.
 */

export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = `${key}Field`,
) =>
  new AppError(
    status,
    `purchasing.${key}`,
    params,
    field ? [{ path: field, key: `purchasing.${fieldKey}` }] : [],
  );

/** The item of line `i` (404 naming `lines.i.itemUid`) and the base units per its `unit` (400 naming `lines.i.unit`). */
export async function lineItem(db: Executor, session: AuthSession, i: number, itemUid: string, unit: string) {
  const item = await scopedItem(db, session, itemUid).catch(() => {
    throw refuse(404, 'itemNotFound', {}, `lines.${i}.itemUid`);
  });
  const factor = unitFactor(item.baseUnit, item.units, unit);
  if (factor === null) {
    const units = [item.baseUnit, ...item.units.map((u) => u.name)].join(', ');
    throw refuse(400, 'unitUnknown', { unit, item: item.name, units }, `lines.${i}.unit`);
  }
  // the unit as the item spells it (strip → STRIP)
  const wanted = unit.trim().toLowerCase();
  const name =
    item.units.find((u) => u.name.toLowerCase() === wanted)?.name ??
    (wanted === item.baseUnit.toLowerCase() ? item.baseUnit : unit);
  return { item, factor, unit: name };
}

export async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  entry: { clinicId: number | null; action: string; entity: string; entityId: string; detail: unknown },
): Promise<void> {
  await writeAudit(db, { userId: session.userId, corpId: session.corpId, ip, ...entry });
}
