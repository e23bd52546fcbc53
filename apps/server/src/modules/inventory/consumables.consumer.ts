import {
  SERVICE_EVENTS,
  servicePerformedSchema,
  serviceVoidedSchema,
} from '@klinikita/domain/services/service-performed.events';
import type { Consumer } from '../../events/outbox.ts';
import { procedureConsumables, referenceMovements } from './consumables.queries.ts';
import { returnConsumables, takeConsumables } from './consumables.take.ts';

/**
 * Consumables (BHP) leave stock through the service desks' events (issue 17 §4,
 * research/operations.md §2.8): a treatment procedure's `service.performed` takes its consumables
 * that name an item of the master out of the clinic's treatment room, first expiry first out, as
 * 'consumable_use' movements referencing the procedure; its `service.voided` puts exactly those
 * batches back. Idempotent per procedure (a replayed event finds its movements and does nothing).
 */

export const consumablesConsumer: Consumer = {
  name: 'inventory.consumables',
  types: [SERVICE_EVENTS.performed, SERVICE_EVENTS.voided],
  async handle(tx, event) {
    if (event.type === SERVICE_EVENTS.performed) {
      const e = servicePerformedSchema.parse(event.payload);
      if (e.serviceType !== 'TREATMENT') return;
      if ((await referenceMovements(tx, 'procedure', e.sourceUid)).taken > 0) return;
      const uses = await procedureConsumables(tx, e.sourceUid, e.corpId);
      await takeConsumables(tx, 'treatment', uses, {
        corpId: e.corpId,
        clinicId: e.clinicId,
        type: 'procedure',
        uid: e.sourceUid,
        reason: 'Tindakan',
        by: e.performedBy,
      });
    } else {
      const e = serviceVoidedSchema.parse(event.payload);
      if (e.serviceType !== 'TREATMENT') return;
      const done = await referenceMovements(tx, 'procedure', e.sourceUid);
      if (done.taken === 0 || done.returned > 0) return;
      await returnConsumables(tx, {
        corpId: e.corpId,
        clinicId: e.clinicId,
        type: 'procedure',
        uid: e.sourceUid,
        reason: `Tindakan dibatalkan: ${e.reason}`,
        by: e.voidedBy,
      });
    }
  },
};
