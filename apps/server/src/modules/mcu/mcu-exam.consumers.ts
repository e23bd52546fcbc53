import { LAB_RESULT_EVENTS, labResultReleasedSchema } from '@klinikita/domain/lab/lab-results.events';
import type { Consumer } from '../../events/outbox.ts';
import { findParticipant, participantOfVisit } from './mcu-exam.queries.ts';
import { markDoneIfComplete } from './mcu-exam.service.ts';

/**
 * `lab.result.released` → an MCU participant whose other stations are all recorded is done (the
 * lab station counts once its report is released). A replay changes nothing: done stays done.
 */
export const mcuLabReleasedConsumer: Consumer = {
  name: 'mcu.lab-released',
  types: [LAB_RESULT_EVENTS.released],
  async handle(tx, event) {
    const released = labResultReleasedSchema.parse(event.payload);
    const participant = await participantOfVisit(tx, released.registrationId);
    if (!participant) return;
    const p = await findParticipant(tx, participant.uid);
    if (p && p.clinicId === released.clinicId) await markDoneIfComplete(tx, p, true);
  },
};
