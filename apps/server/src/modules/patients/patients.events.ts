import type { PatientIdentityEvent } from '@klinikita/domain/patients/patient.events';
import { emit } from '../../events/outbox.ts';
import type { Tx } from '../../shared/sql.ts';

/**
 * A patient's identity to look up at SATUSEHAT (`patient.registered`, `patient.identity-changed`):
 * written in the saving transaction, handled after the commit by the SATUSEHAT consumer, so the
 * clerk never waits for the platform.
 */
export function emitIdentity(
  tx: Tx,
  type: string,
  patient: { id: number; uid: string; corpId: number; clinicId: number },
) {
  const payload: PatientIdentityEvent = {
    patientId: patient.id,
    patientUid: patient.uid,
    corpId: patient.corpId,
    clinicId: patient.clinicId,
  };
  return emit(tx, {
    type,
    aggregateType: 'patient',
    aggregateId: patient.uid,
    corpId: patient.corpId,
    clinicId: patient.clinicId,
    payload,
  });
}
