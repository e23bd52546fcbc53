import type { PatientTreatmentProcedure } from '@klinikita/domain/treatment/treatment.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { scopedPatient } from '../consultations/records.service.ts';
import { toPatientTreatmentProcedure } from './treatment.mapper.ts';
import { proceduresOfPatient } from './treatment.queries.ts';

/**
 * A patient's procedures for the doctor's screen and the record, newest first: the record's reader
 * rule (a clinical role, the same corporate), procedures of the reader's clinics or ordered from
 * them. A read of the record, audited.
 */
export async function listPatientTreatmentProcedures(
  db: Db,
  session: AuthSession,
  uid: string,
  ip: string,
): Promise<PatientTreatmentProcedure[]> {
  const patient = await scopedPatient(db, session, uid);
  const rows = await proceduresOfPatient(db, {
    corpId: session.corpId,
    patientId: patient.id,
    clinicIds: session.clinicIds,
    limit: 100,
  });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'record.read',
    entity: 'patient',
    entityId: uid,
    patientId: patient.id,
    ip,
    detail: { treatmentProcedures: rows.map((r) => r.uid) },
  });
  return rows.map(toPatientTreatmentProcedure);
}
