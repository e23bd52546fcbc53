import {
  ENCOUNTER_EVENTS,
  encounterFinishedSchema,
} from '@klinikita/domain/consultations/consultation.events';
import { LAB_RESULT_EVENTS, labResultReleasedSchema } from '@klinikita/domain/lab/lab-results.events';
import { PHARMACY_EVENTS, prescriptionDispensedSchema } from '@klinikita/domain/pharmacy/pharmacy.events';
import type { SatusehatDeliveryKind } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import type { Consumer, DomainEvent } from '../../../events/outbox.ts';
import { enqueueDelivery, visitForDelivery } from './delivery.queries.ts';
import { dispenseSourceKey } from './fhir-dispense.ts';

/** The delivery an event asks for: its kind, what it is built from, and its visit. */
function deliveryOf(event: DomainEvent): {
  kind: SatusehatDeliveryKind;
  sourceKey: string;
  visit: string;
  /** The clinic whose organization sends it, when not the visit's own */
  sender?: number;
} {
  if (event.type === ENCOUNTER_EVENTS.finished) {
    const { registrationUid } = encounterFinishedSchema.pick({ registrationUid: true }).parse(event.payload);
    return { kind: 'encounter', sourceKey: registrationUid, visit: registrationUid };
  }
  if (event.type === PHARMACY_EVENTS.dispensed) {
    const dispensed = prescriptionDispensedSchema
      .pick({ prescriptionUid: true, requestKey: true, registrationUid: true })
      .parse(event.payload);
    // a handover is its prescription and the request key that made it (one key dispenses once)
    return {
      kind: 'dispense',
      sourceKey: dispenseSourceKey(dispensed.prescriptionUid, dispensed.requestKey),
      visit: dispensed.registrationUid,
    };
  }
  const released = labResultReleasedSchema
    .pick({ reportUid: true, registrationId: true, orderingClinicId: true })
    .parse(event.payload);
  // a result of another clinic's lab belongs to the ordering doctor's Encounter: it is sent by the
  // ordering clinic's organization (the platform refuses a reference to another organization's data)
  return {
    kind: 'lab',
    sourceKey: released.reportUid,
    visit: released.registrationId,
    sender: released.orderingClinicId,
  };
}

/**
 * SATUSEHAT's share of the domain events (issue 19 §4): a finished visit, a handover of the
 * pharmacy and a released lab report each queue one delivery, once per source, on the visit's
 * clinic day, when the clinic sends to SATUSEHAT at all (`clinics.modules.satusehat`). A clinic
 * without settings still queues: the worker marks the row `blocked` (`notConfigured`) when it comes
 * to it. The insert's NOTIFY wakes the delivery workers when the consumer's transaction commits.
 */
export const satusehatEnqueueConsumer: Consumer = {
  name: 'satusehat.enqueue',
  types: [ENCOUNTER_EVENTS.finished, PHARMACY_EVENTS.dispensed, LAB_RESULT_EVENTS.released],
  async handle(tx, event) {
    const { kind, sourceKey, visit: registrationUid, sender } = deliveryOf(event);
    const visit = await visitForDelivery(tx, registrationUid);
    // a visit that is gone has nothing to send; throwing would only park the event
    if (!visit?.satusehat) return;
    await enqueueDelivery(tx, {
      corpId: visit.corpId,
      clinicId: sender ?? visit.clinicId,
      kind,
      sourceKey,
      registrationId: visit.id,
      clinicDay: visit.queueDate,
    });
  },
};
