import type { Drug } from '@klinikita/domain/drugs/drug.schema';
import type { drugs } from '../../db/schema/index.ts';

export type DrugRow = typeof drugs.$inferSelect;

export function toDrug(row: DrugRow): Drug {
  return {
    uid: row.uid,
    name: row.name,
    genericName: row.genericName,
    form: row.form,
    strength: row.strength,
    unit: row.unit,
    kfaCode: row.kfaCode,
    price: row.price,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}
