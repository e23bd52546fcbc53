import type {
  PatientTreatmentProcedure,
  TreatmentProcedure,
} from '@klinikita/domain/treatment/treatment.schema';
import type { PatientProcedureRow, ProcedureRow } from './treatment.queries.ts';

/** Stored consumables: `drugId` is the drug master's row, never sent out. */
export interface StoredConsumable {
  drugId?: number | null;
  name: string;
  quantity: number;
  unit: string;
}

export function toTreatmentProcedure(row: ProcedureRow, drugUid: Map<number, string>): TreatmentProcedure {
  return {
    uid: row.uid,
    icd9Code: row.icd9Code,
    name: row.name,
    serviceCode: row.serviceCode,
    consumables: (row.consumables as StoredConsumable[]).map((c) => ({
      drugUid: c.drugId ? (drugUid.get(c.drugId) ?? null) : null,
      name: c.name,
      quantity: c.quantity,
      unit: c.unit,
    })),
    notes: row.notes,
    performedBy: row.performedByName,
    performedAt: row.performedAt.toISOString(),
    voided:
      row.voidedAt && row.voidReason
        ? { by: row.voidedByName ?? '', at: row.voidedAt.toISOString(), reason: row.voidReason }
        : null,
  };
}

export function toPatientTreatmentProcedure(row: PatientProcedureRow): PatientTreatmentProcedure {
  return {
    uid: row.uid,
    registrationId: row.registrationUid,
    clinicName: row.clinicName,
    icd9Code: row.icd9Code,
    name: row.name,
    consumables: (row.consumables as StoredConsumable[]).map((c) => ({
      name: c.name,
      quantity: c.quantity,
      unit: c.unit,
    })),
    notes: row.notes,
    performedBy: row.performedByName,
    performedAt: row.performedAt.toISOString(),
  };
}
