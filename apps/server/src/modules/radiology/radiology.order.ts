import { type Modality, modalityOf } from '@klinikita/domain/radiology/radiology.rules';
import type { RadiologyOrder } from '@klinikita/domain/radiology/radiology.schema';
import type { Executor } from '../../shared/sql.ts';
import { orderForDesk } from '../consultations/consultations.service.ts';
import { isCito, itemsOfText, normalise, splitReferrer } from '../lab-results/lab-results.order.ts';
import type { RegistrationRow } from '../registrations/registrations.mapper.ts';
import { radiologyServices } from './radiology.queries.ts';

/**
 * How the radiology desk reads a visit's order: the doctor's ticked examinations (or the front
 * office's text), matched to the corporate's radiology catalogue (group `radiology`) for the bill
 * and the modality. The examination screen's quick picks say "Foto Thorax PA" where the catalogue
 * says "Rontgen Thorax PA": those words are aliases of the catalogue code.
 */
export const RAD_ALIASES: Readonly<Record<string, string>> = {
  'foto thorax pa': 'RAD-THORAX',
  'foto thorax': 'RAD-THORAX',
  'foto toraks pa': 'RAD-THORAX',
  'rontgen thorax': 'RAD-THORAX',
  'chest x-ray': 'RAD-THORAX',
};

/** An MCU visit without a doctor's order: the MCU's chest X-ray. */
const MCU_EXAMINATION = 'Foto Thorax PA';

export interface RadOrder {
  order: RadiologyOrder;
  orderingClinicId: number | null;
  examination: string;
  modality: Modality;
  /** The catalogue's examinations named (ids and codes), in the order named. */
  services: { id: number; code: string }[];
}

export async function radOrderOf(db: Executor, visit: RegistrationRow): Promise<RadOrder> {
  const order = visit.serviceOrderUid ? await orderForDesk(db, visit.serviceOrderUid) : null;
  // an MCU visit's complaint names its lab panel: its radiology is the MCU's chest X-ray
  const items = order
    ? order.items
    : visit.serviceType === 'MCU'
      ? [MCU_EXAMINATION]
      : // "cito" typed among the items is the priority, not an examination
        itemsOfText(visit.complaint).filter((item) => !/^cito!?$/i.test(item));
  const catalogue = await radiologyServices(db, visit.corpId);
  const byKey = new Map<string, (typeof catalogue)[number]>();
  for (const key of ['nameEn', 'nameId', 'code'] as const)
    for (const s of catalogue) byKey.set(normalise(s[key]), s);
  const matched: (typeof catalogue)[number][] = [];
  for (const item of items) {
    const key = normalise(item);
    const alias = RAD_ALIASES[key];
    const found = byKey.get(key) ?? (alias ? byKey.get(normalise(alias)) : undefined);
    if (found && !matched.includes(found)) matched.push(found);
  }
  const referrer = splitReferrer(visit.referrer);
  const first = items[0] ?? matched[0]?.nameId ?? '';
  return {
    order: {
      items,
      doctorName: order?.doctorName ?? referrer.doctorName,
      clinicName: order?.clinicName ?? referrer.clinicName,
      diagnosis: order?.diagnosis ?? null,
      note: order?.note ?? null,
      cito: order ? isCito(order.note) : isCito(visit.complaint),
    },
    orderingClinicId: order?.clinicId ?? null,
    examination: items.join(', ') || matched.map((s) => s.nameId).join(', ') || '-',
    modality: modalityOf(`${matched[0]?.code ?? ''} ${first}`),
    services: matched.map((s) => ({ id: s.id, code: s.code })),
  };
}
