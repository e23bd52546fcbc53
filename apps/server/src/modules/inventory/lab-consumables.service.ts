import type {
  LabConsumableKey,
  LabConsumables,
  LabConsumablesSave,
} from '@klinikita/domain/inventory/lab-consumables.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import type { Executor } from '../../shared/sql.ts';
import { findItem } from './inventory.queries.ts';
import { auditStock, refuse } from './inventory.scope.ts';
import { hasLabLocation, labConsumableLines, replaceLabConsumables } from './lab-consumables.queries.ts';

/**
 * The lab's consumables list (issue 17 §4): what each container of a sample and a blood draw take
 * from the clinic's lab stock when the sample is taken (the `lab.specimen.collected` consumer
 * does the taking). Corporate-wide like the item master; items are looked up in the caller's
 * corporate, never trusted.
 */

async function present(db: Executor, session: AuthSession, clinicId: number): Promise<LabConsumables> {
  const rows = await labConsumableLines(db, session.corpId);
  return {
    lines: rows.map((r) => ({
      key: r.key as LabConsumableKey,
      itemUid: r.itemUid,
      itemName: r.strength ? `${r.itemName} ${r.strength}` : r.itemName,
      baseUnit: r.baseUnit ?? r.unit,
      quantity: Number(r.quantity),
    })),
    labLocation: await hasLabLocation(db, clinicId),
  };
}

export function getLabConsumables(db: Db, session: AuthSession, clinicId: number) {
  return present(db, session, clinicOf(session, clinicId).id);
}

export function saveLabConsumables(
  db: Db,
  session: AuthSession,
  clinicId: number,
  input: LabConsumablesSave,
  ip: string,
) {
  const clinic = clinicOf(session, clinicId);
  return db.transaction(async (tx) => {
    const lines = [];
    for (const [i, line] of input.lines.entries()) {
      const item = await findItem(tx, session.corpId, line.itemUid);
      if (!item) throw refuse(404, 'itemNotFound', {}, `lines.${i}.itemUid`);
      lines.push({ container: line.key, itemId: item.id, quantity: line.quantity });
    }
    await replaceLabConsumables(tx, session.corpId, lines);
    await auditStock(tx, session, ip, {
      clinicId: null,
      action: 'stock.labConsumables.save',
      entity: 'labConsumables',
      entityId: String(session.corpId),
      detail: input,
    });
    return present(tx, session, clinic.id);
  });
}
