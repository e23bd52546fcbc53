import { ENCOUNTER_EVENTS } from '@klinikita/domain/consultations/consultation.events';
import { publishEvent } from './live-events.ts';
import type { Consumer } from './outbox.ts';

/** Domain events → the clinic's open screens (the record, the doctor's lists) refetch. */
export const liveStreamConsumer: Consumer = {
  name: 'live-stream',
  types: [ENCOUNTER_EVENTS.finished],
  async handle(tx, event) {
    if (event.clinicId === null) return;
    await publishEvent(tx, { clinicId: event.clinicId, type: event.type, id: event.aggregateId });
  },
};
