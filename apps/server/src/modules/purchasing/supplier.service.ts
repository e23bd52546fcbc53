import type { SupplierInput, SupplierQuery } from '@klinikita/domain/purchasing/purchasing.schema';
import type { Supplier } from '@klinikita/domain/purchasing/purchasing-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { toSupplier } from './purchasing.mapper.ts';
import { findSupplier, insertSupplier, listSupplierRows, updateSupplierRow } from './purchasing.queries.ts';
import { audit, refuse } from './purchasing.scope.ts';

/** The corporate's suppliers (`/supplier`): one name once per corporate. */

export async function listSuppliers(db: Db, session: AuthSession, q: SupplierQuery) {
  const { rows, total } = await listSupplierRows(db, session.corpId, q);
  return pageOf(rows.map(toSupplier), total, q);
}

/** A second supplier of the same name (case ignored) is refused 409, naming the field. */
async function uniqueName<T>(input: SupplierInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'supplierExists', { name: input.name }, 'name');
    throw error;
  }
}

export function createSupplier(
  db: Db,
  session: AuthSession,
  input: SupplierInput,
  ip: string,
): Promise<Supplier> {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const row = await insertSupplier(tx, {
        ...input,
        uid: newUid(),
        corpId: session.corpId,
        createdBy: session.userId,
      });
      await audit(tx, session, ip, {
        clinicId: null,
        action: 'supplier.create',
        entity: 'supplier',
        entityId: row.uid,
        detail: input,
      });
      return toSupplier(row);
    }),
  );
}

export function updateSupplier(
  db: Db,
  session: AuthSession,
  uid: string,
  input: SupplierInput,
  ip: string,
): Promise<Supplier> {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const found = await findSupplier(tx, session.corpId, uid);
      if (!found) throw refuse(404, 'supplierNotFound');
      const row = await updateSupplierRow(tx, found.id, input);
      await audit(tx, session, ip, {
        clinicId: null,
        action: 'supplier.update',
        entity: 'supplier',
        entityId: row.uid,
        detail: { before: toSupplier(found), after: input },
      });
      return toSupplier(row);
    }),
  );
}
