import { BLOOD_CONTAINERS } from '@klinikita/domain/inventory/lab-consumables.schema';
import { LAB_SPECIMEN_EVENTS, labSpecimenCollectedSchema } from '@klinikita/domain/lab/lab-specimen.events';
import type { Consumer } from '../../events/outbox.ts';
import { labContainerUses, referenceMovements } from './consumables.queries.ts';
import { takeConsumables } from './consumables.take.ts';

/**
 * A lab sample taken (`lab.specimen.collected`) takes its container's items out of the clinic's
 * lab location, first expiry first out, referencing the specimen; the visit's first blood
 * container also takes one blood draw's set (`venipuncture`), referencing the visit. Idempotent:
 * a replayed event finds its movements. A rejected sample's container is not put back (it was
 * used); its replacement is a new specimen and takes a new container.
 */
export const labConsumablesConsumer: Consumer = {
  name: 'inventory.labConsumables',
  types: [LAB_SPECIMEN_EVENTS.collected],
  async handle(tx, event) {
    const e = labSpecimenCollectedSchema.parse(event.payload);
    if ((await referenceMovements(tx, 'specimen', e.specimenUid)).taken > 0) return;
    const draw =
      BLOOD_CONTAINERS.includes(e.container) &&
      (await referenceMovements(tx, 'labVisit', e.registrationId)).taken === 0;
    const rows = await labContainerUses(tx, e.corpId, draw ? [e.container, 'venipuncture'] : [e.container]);
    const uses = (key: string) =>
      rows
        .filter((r) => r.key === key)
        .map((r) => ({ itemUid: r.itemUid, quantity: r.quantity, unit: null }));
    const base = { corpId: e.corpId, clinicId: e.clinicId, by: e.collectedBy };
    await takeConsumables(tx, 'lab', uses(e.container), {
      ...base,
      type: 'specimen',
      uid: e.specimenUid,
      reason: 'Pengambilan sampel laboratorium',
    });
    if (draw)
      await takeConsumables(tx, 'lab', uses('venipuncture'), {
        ...base,
        type: 'labVisit',
        uid: e.registrationId,
        reason: 'Pengambilan darah',
      });
  },
};
