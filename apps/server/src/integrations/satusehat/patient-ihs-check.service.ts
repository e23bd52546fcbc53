import type { PatientIhsCheck } from '@klinikita/domain/satusehat/patient-ihs.contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { changeablePatient, findCorporatePatient } from '../../modules/patients/patients.service.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { notFound } from '../../shared/errors.ts';
import { platformCall, type SatusehatService } from './satusehat.service.ts';
import { ensurePatientIdentity } from './satusehat-identities.service.ts';

/** The answer's message: the number confirmed or corrected, or why there is none. */
export type IhsCheckMessage =
  | { key: 'satusehat.ihsConfirmed'; params: { ihs: string } }
  | { key: 'satusehat.ihsCorrected'; params: { previous: string; ihs: string } }
  | { key: 'satusehat.ihsNotFound' | 'satusehat.ihsNoNik'; params: Record<string, never> };

/**
 * "Periksa ulang IHS" on the patient's page: the IHS number looked up again by NIK with the
 * settings of the patient's clinic, even when one is stored (an import may have mistyped it), and
 * the platform's answer stored — for those who may change the patient (the master's rule). The
 * check and its outcome are in the audit log. A visit refused under the old number is sent again
 * from the sync screen ("Kirim ulang").
 */
export async function checkPatientIhs(
  db: Db,
  satusehat: SatusehatService,
  session: AuthSession,
  uid: string,
  ip: string,
  log: FastifyBaseLogger,
): Promise<{ check: PatientIhsCheck; message: IhsCheckMessage }> {
  const patient = await changeablePatient(db, session, uid);
  const before = patient.ihsNumber;
  const outcome = await platformCall(
    () => ensurePatientIdentity(db, satusehat, patient.id, patient.clinicId, { force: true }),
    log,
  );
  const after = await findCorporatePatient(db, session.corpId, uid);
  if (!outcome || !after) throw notFound();
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: patient.clinicId,
    action: 'satusehat.patient-ihs-check',
    entity: 'patient',
    entityId: patient.uid,
    patientId: patient.id,
    ip,
    detail: { before, after: after.ihsNumber, reason: 'reason' in outcome ? outcome.reason : null },
  });
  const check: PatientIhsCheck = {
    ihsNumber: after.ihsNumber,
    ihsMissingReason: after.ihsNumber ? null : after.ihsMissingReason,
    ihsCheckedAt: after.ihsCheckedAt?.toISOString() ?? null,
    previous: before && before !== after.ihsNumber ? before : null,
  };
  const message: IhsCheckMessage =
    'ihs' in outcome
      ? check.previous
        ? { key: 'satusehat.ihsCorrected', params: { previous: check.previous, ihs: outcome.ihs } }
        : { key: 'satusehat.ihsConfirmed', params: { ihs: outcome.ihs } }
      : {
          key: outcome.reason === 'patientNoNik' ? 'satusehat.ihsNoNik' : 'satusehat.ihsNotFound',
          params: {},
        };
  return { check, message };
}
