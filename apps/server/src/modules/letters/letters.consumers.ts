import {
  ENCOUNTER_EVENTS,
  encounterFinishedSchema,
} from '@klinikita/domain/consultations/consultation.events';
import type { Consumer } from '../../events/outbox.ts';
import { findReferralOf } from './letters.queries.ts';
import { createReferralLetter } from './letters.service.ts';

/** `encounter.finished` with a referral → the numbered referral letter, once. */
export const referralLettersConsumer: Consumer = {
  name: 'letters.referral',
  types: [ENCOUNTER_EVENTS.finished],
  async handle(tx, event) {
    const finished = encounterFinishedSchema.parse(event.payload);
    if (!finished.referral || (await findReferralOf(tx, finished.encounterId))) return;
    await createReferralLetter(tx, {
      corpId: finished.corpId,
      clinicId: finished.clinicId,
      patientId: finished.patientId,
      encounterId: finished.encounterId,
      userId: finished.actor.userId,
      referral: finished.referral,
      ip: finished.actor.ip,
    });
  },
};
