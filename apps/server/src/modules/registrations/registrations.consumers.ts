import {
  ENCOUNTER_EVENTS,
  encounterFinishedSchema,
} from '@klinikita/domain/consultations/consultation.events';
import { LAB_RESULT_EVENTS, labResultReleasedSchema } from '@klinikita/domain/lab/lab-results.events';
import type { Consumer } from '../../events/outbox.ts';
import { findRegistration } from './registrations.queries.ts';
import { takeInOrders } from './registrations.service.ts';
import { markLabDone } from './visit-steps.service.ts';

/** `encounter.finished` → each order of the note becomes a visit in its service desk's queue. */
export const serviceVisitsConsumer: Consumer = {
  name: 'registrations.service-visits',
  types: [ENCOUNTER_EVENTS.finished],
  handle: (tx, event) => takeInOrders(tx, encounterFinishedSchema.parse(event.payload)),
};

/**
 * `lab.result.released` → the lab visit's "lab done" flag (`dataLabPreAss.isDone`): the lab module
 * never writes the registrations table. Setting the flag twice changes nothing, so a replayed event
 * is harmless; a visit of another clinic than the event's is left alone.
 */
export const labDoneConsumer: Consumer = {
  name: 'registrations.lab-done',
  types: [LAB_RESULT_EVENTS.released],
  async handle(tx, event) {
    const released = labResultReleasedSchema.parse(event.payload);
    const visit = await findRegistration(tx, released.registrationId);
    if (!visit || visit.clinicId !== released.clinicId || visit.labDone) return;
    await markLabDone(tx, visit);
  },
};
