import { PATIENT_EVENTS, patientIdentityEventSchema } from '@klinikita/domain/patients/patient.events';
import type { FastifyBaseLogger } from 'fastify';
import type { Consumer } from '../../events/outbox.ts';
import { AppError } from '../../shared/errors.ts';
import { SatusehatError } from './satusehat.client.ts';
import type { SatusehatService } from './satusehat.service.ts';
import { findSatusehatSettings } from './satusehat.settings.ts';
import { ensurePatientIdentity } from './satusehat-identities.service.ts';

/**
 * `patient.registered` / `patient.identity-changed` → the patient's IHS number by NIK (or the
 * mother's), after the clerk's save has committed, so registration never waits for SATUSEHAT.
 * A clinic without SATUSEHAT settings is skipped quietly. A platform that fails (outage, refused
 * credentials) is skipped too, not retried here: a retry would hold every later registration's
 * lookup behind this one and, after a day's outage, park the events for an admin; the delivery
 * looks the number up again before it sends (`ensureVisitIdentities`), so nothing is lost.
 */
export function patientIdentityConsumer(satusehat: SatusehatService, log?: FastifyBaseLogger): Consumer {
  return {
    name: 'satusehat.patient-identity',
    types: [PATIENT_EVENTS.registered, PATIENT_EVENTS.identityChanged],
    async handle(tx, event) {
      const { patientId, clinicId } = patientIdentityEventSchema.parse(event.payload);
      if (!(await findSatusehatSettings(tx, clinicId))) return;
      try {
        await ensurePatientIdentity(tx, satusehat, patientId, clinicId);
      } catch (error) {
        if (!(error instanceof SatusehatError || error instanceof AppError)) throw error;
        log?.warn(
          {
            patientId,
            clinicId,
            err: error.message,
            kind: error instanceof SatusehatError ? error.kind : undefined,
          },
          'SATUSEHAT patient lookup skipped',
        );
      }
    },
  };
}
