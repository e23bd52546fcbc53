import {
  ENCOUNTER_EVENTS,
  encounterFinishedSchema,
} from '@klinikita/domain/consultations/consultation.events';
import type { Consumer } from '../../events/outbox.ts';
import { takeInOrders } from './registrations.service.ts';

/** `encounter.finished` → each order of the note becomes a visit in its service desk's queue. */
export const serviceVisitsConsumer: Consumer = {
  name: 'registrations.service-visits',
  types: [ENCOUNTER_EVENTS.finished],
  handle: (tx, event) => takeInOrders(tx, encounterFinishedSchema.parse(event.payload)),
};
