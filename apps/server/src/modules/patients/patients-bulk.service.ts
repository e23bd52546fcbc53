import { PATIENT_EVENTS } from '@klinikita/domain/patients/patient.events';
import { formatMrn } from '@klinikita/domain/patients/patient.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudits } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import { emitIdentities } from './patients.events.ts';
import { insertPatients, takeMrnValues } from './patients.queries.ts';

/** A patient an import registers: the sheet's identity, paid by the company. */
export interface ImportedPatient {
  nik: string;
  name: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  dob: string;
  address: string | null;
  companyId: number | null;
}

/**
 * Patients registered in bulk by an import (MCU participants, issue 20 §2) in the caller's
 * transaction: the caller matched the corporate's patients by NIK first, so each NIK here is new
 * (the partial unique index still refuses a race). One range of record numbers, a few inserts,
 * the SATUSEHAT identity event and the audit row of each. Their ids by NIK.
 */
export async function registerImportedPatients(
  tx: Tx,
  session: AuthSession,
  clinicId: number,
  people: ImportedPatient[],
  ip: string,
): Promise<Map<string, number>> {
  assertClinicInScope(session, clinicId);
  if (!people.length) return new Map();
  const first = await takeMrnValues(tx, clinicId, people.length);
  const rows = await insertPatients(
    tx,
    people.map((p, i) => ({
      uid: newUid(),
      corpId: session.corpId,
      clinicId,
      mrn: formatMrn(clinicId, first + i),
      nik: p.nik,
      nationality: 'WNI',
      title: null,
      name: p.name,
      sex: p.sex,
      dob: p.dob,
      address: p.address,
      payerType: p.companyId ? 'company' : 'self',
      companyId: p.companyId,
      createdBy: session.userId,
    })),
  );
  await emitIdentities(
    tx,
    PATIENT_EVENTS.registered,
    rows.map((row) => ({ ...row, corpId: session.corpId })),
  );
  await writeAudits(
    tx,
    rows.map((row) => ({
      userId: session.userId,
      corpId: session.corpId,
      clinicId,
      action: 'patient.create',
      entity: 'patient',
      entityId: row.uid,
      patientId: row.id,
      ip,
      detail: { source: 'import' },
    })),
  );
  return new Map(rows.map((r) => [r.nik as string, r.id]));
}
