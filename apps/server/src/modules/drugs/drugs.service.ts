import type { Drug, DrugSaveInput } from '@klinikita/domain/drugs/drug.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { type DrugRow, toDrug } from './drugs.mapper.ts';
import { type DrugValues, findDrug, insertDrug, pageDrugs, updateDrugRow } from './drugs.queries.ts';

const blankToNull = (value: string | null | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

function valuesOf(input: DrugSaveInput): DrugValues {
  return {
    name: input.name,
    genericName: blankToNull(input.genericName),
    form: input.form,
    strength: blankToNull(input.strength),
    unit: input.unit,
    kfaCode: blankToNull(input.kfaCode),
    price: input.price,
    active: input.active,
  };
}

/** The same name, strength and form twice in one corporate (the unique index refused it). */
const duplicate = (values: DrugValues) =>
  new AppError(
    409,
    'drugs.exists',
    { name: [values.name, values.strength, values.form].filter(Boolean).join(' ') },
    [{ path: 'name', key: 'drugs.existsField' }],
  );

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  row: DrugRow,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action,
    entity: 'drug',
    entityId: row.uid,
    ip,
    detail,
  });
}

export async function listDrugs(
  db: Db,
  session: AuthSession,
  q: { search?: string; active?: boolean; page: number; limit: number },
) {
  const { rows, total } = await pageDrugs(db, session.corpId, q);
  return pageOf(rows.map(toDrug), total, q);
}

export async function createDrug(
  db: Db,
  session: AuthSession,
  input: DrugSaveInput,
  ip: string,
): Promise<Drug> {
  const values = valuesOf(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertDrug(tx, {
        ...values,
        uid: newUid(),
        corpId: session.corpId,
        createdBy: session.userId,
      });
      await audit(tx, session, ip, 'drug.create', row, values);
      return toDrug(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values);
    throw error;
  }
}

export async function updateDrug(
  db: Db,
  session: AuthSession,
  uid: string,
  input: DrugSaveInput,
  ip: string,
): Promise<Drug> {
  const values = valuesOf(input);
  try {
    return await db.transaction(async (tx) => {
      const before = await findDrug(tx, session.corpId, uid);
      if (!before) throw new AppError(404, 'drugs.notFound');
      const row = await updateDrugRow(tx, before.id, values);
      const changed = Object.fromEntries(
        (Object.keys(values) as (keyof DrugValues)[])
          .filter((k) => before[k] !== values[k])
          .map((k) => [k, { from: before[k], to: values[k] }]),
      );
      await audit(tx, session, ip, 'drug.update', row, changed);
      return toDrug(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values);
    throw error;
  }
}
