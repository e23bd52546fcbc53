import type { PatientIdentityEvent } from '@klinikita/domain/patients/patient.events';
import { emit, emitAll, type NewDomainEvent } from '../../events/outbox.ts';
import type { Tx } from '../../shared/sql.ts';

/**
 * A patient's identity to look up at SATUSEHAT (`patient.registered`, `patient.identity-changed`):
 * written in the saving transaction, handled after the commit by the SATUSEHAT consumer, so the
 * clerk never waits for the platform.
 */
export function emitIdentity(tx: Tx, type: string, patient: IdentityOf) {
  return emit(tx, identityEvent(type, patient));
}

/** The same for many patients (an import), in a few statements. */
export function emitIdentities(tx: Tx, type: string, patients: readonly IdentityOf[]) {
  return emitAll(
    tx,
    patients.map((p) => identityEvent(type, p)),
  );
}

type IdentityOf = { id: number; uid: string; corpId: number; clinicId: number };

function identityEvent(type: string, patient: IdentityOf): NewDomainEvent {
  const payload: PatientIdentityEvent = {
    patientId: patient.id,
    patientUid: patient.uid,
    corpId: patient.corpId,
    clinicId: patient.clinicId,
  };
  return {
    type,
    aggregateType: 'patient',
    aggregateId: patient.uid,
    corpId: patient.corpId,
    clinicId: patient.clinicId,
    payload,
  };
}
