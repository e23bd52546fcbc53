import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { roundQuantity } from '@klinikita/domain/inventory/inventory.rules';
import { type InteractionDrug, interactionsOf } from '@klinikita/domain/pharmacy/pharmacy.interactions';
import { labelColour, signaText } from '@klinikita/domain/pharmacy/pharmacy.labels';
import { packetsOf, perPacket, racikanFees } from '@klinikita/domain/pharmacy/pharmacy.racikan';
import {
  allergyMatches,
  duplicatedTherapy,
  standardMinutes,
  waitedMinutes,
} from '@klinikita/domain/pharmacy/pharmacy.rules';
import type { PharmacyPrescription, QueueRow } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { BatchRow, DrugRow, EventRow, LocationRow, OrderRow, reviewOf } from './pharmacy.queries.ts';
import type { SubstitutionRow } from './pharmacy-extras.queries.ts';

/** Rows of the pharmacy queue to the answers; no raw row leaves the server. */

export function toQueueRow(row: OrderRow, now: Date): QueueRow {
  const waited = waitedMinutes(
    new Date(row.createdAt),
    row.dispensedAt ? new Date(row.dispensedAt) : null,
    now,
  );
  const standard = standardMinutes(row.racikan);
  return {
    uid: row.uid,
    status: row.status,
    priority: row.priority,
    racikan: row.racikan,
    queueNumber: row.queueNumber,
    registrationId: row.registrationUid,
    patient: { uid: row.patientUid, name: row.patientName, mrn: row.mrn },
    payerType: row.payerType,
    doctorName: row.doctorName,
    itemCount: row.items.length,
    submittedAt: row.createdAt,
    dispensedAt: row.dispensedAt,
    waitedMinutes: waited,
    standardMinutes: standard,
    overStandard: waited > standard,
  };
}

/** The drug a line draws stock from: a drug line's master drug (a racikan's are its ingredients). */
export const stockDrugUid = (item: PrescriptionItem) => (item.kind === 'drug' ? (item.drugId ?? null) : null);

/** Every master drug a prescription may touch: its drug lines', its ingredients', its substitutes'. */
export const drugUidsOf = (
  items: readonly PrescriptionItem[],
  substitutes: readonly { itemUid: string }[],
) => [
  ...new Set([
    ...items.flatMap((i) => stockDrugUid(i) ?? []),
    ...items.flatMap((i) => (i.kind === 'compound' ? i.ingredients.flatMap((g) => g.drugId ?? []) : [])),
    ...substitutes.map((s) => s.itemUid),
  ]),
];

/** The lines given without stock (a drug typed in) count as given once the order is handed over. */
const GIVEN: readonly string[] = ['dispensed', 'partially_dispensed', 'returned'];

/** Routes left out of the interaction check: applied to skin, eye or ear, of little systemic effect. */
const LOCAL_ROUTES: readonly string[] = ['topical', 'ophthalmic', 'otic'];

export interface Extras {
  drugs: Map<string, DrugRow>;
  location: LocationRow | null;
  batches: BatchRow[];
  given: Map<number, number>;
  racikanGiven: Set<number>;
  substitutions: Map<number, SubstitutionRow>;
  events: EventRow[];
  review: Awaited<ReturnType<typeof reviewOf>>;
  /** The clinic's racikan fees. */
  fees: { compoundingPerLine: number; packagingPerPacket: number };
}

type Ingredient = PharmacyPrescription['lines'][number]['ingredients'][number];

/** The drug a plain line gives: the substitute when there is one, else the prescribed master drug. */
export function lineDrug(x: Pick<Extras, 'drugs' | 'substitutions'>, item: PrescriptionItem, line: number) {
  const sub = x.substitutions.get(line);
  if (sub) return x.drugs.get(sub.itemUid) ?? null;
  const uid = stockDrugUid(item);
  return uid ? (x.drugs.get(uid) ?? null) : null;
}

export function toPrescription(row: OrderRow, x: Extras, now: Date): PharmacyPrescription {
  const onHand = (drug: DrugRow) =>
    x.location
      ? roundQuantity(x.batches.filter((b) => b.itemId === drug.id).reduce((n, b) => n + b.quantity, 0))
      : null;
  const ingredientsOf = (item: PrescriptionItem): Ingredient[] =>
    item.kind !== 'compound'
      ? []
      : item.ingredients.map((g) => {
          const drug = g.drugId ? (x.drugs.get(g.drugId) ?? null) : null;
          const per = drug ? perPacket(g.amount, drug) : null;
          return {
            name: g.name,
            itemUid: drug?.uid ?? null,
            baseUnit: drug?.baseUnit ?? null,
            quantity: per?.ok ? roundQuantity(per.quantity * packetsOf(item.quantity)) : 0,
            available: drug ? onHand(drug) : null,
          };
        });
  const reviewed = row.items.map((item, line) => {
    const drug = lineDrug(x, item, line);
    const parts = item.kind === 'compound' ? item.ingredients : [];
    return {
      name: [x.substitutions.get(line)?.name ?? item.name, ...parts.map((g) => g.name)].join(' '),
      genericName:
        [drug?.genericName, ...parts.map((g) => (g.drugId ? x.drugs.get(g.drugId)?.genericName : null))]
          .filter(Boolean)
          .join(' ') || null,
    };
  });
  const allergies = new Map(allergyMatches(reviewed, row.allergies).map((m) => [m.index, m.allergy]));
  const duplicates = new Map(duplicatedTherapy(reviewed).map((d) => [d.index, d.sameAs]));
  const interacting: InteractionDrug[] = row.items.flatMap((item, line) => {
    if (LOCAL_ROUTES.includes(item.route)) return [];
    if (item.kind === 'compound')
      return item.ingredients.map((g) => ({
        line,
        name: g.name,
        names: [g.name, g.drugId ? x.drugs.get(g.drugId)?.genericName : null],
      }));
    const sub = x.substitutions.get(line);
    const drug = lineDrug(x, item, line);
    return [{ line, name: sub?.name ?? item.name, names: [sub?.name ?? item.name, drug?.genericName] }];
  });
  return {
    ...toQueueRow(row, now),
    allergies: row.allergies,
    pharmacyLocation: x.location && { uid: x.location.uid, name: x.location.name },
    lines: row.items.map((item, line) => {
      const drug = item.kind === 'compound' ? null : lineDrug(x, item, line);
      const ingredients = ingredientsOf(item);
      const batches = drug
        ? x.batches
            .filter((b) => b.itemId === drug.id)
            .map(({ batchNumber, expiryDate, quantity }) => ({ batchNumber, expiryDate, quantity }))
        : [];
      const stocked = ingredients.some((g) => g.itemUid);
      const dispensed = drug
        ? (x.given.get(line) ?? 0)
        : stocked
          ? x.racikanGiven.has(line)
            ? item.quantity
            : 0
          : GIVEN.includes(row.status)
            ? item.quantity
            : 0;
      const sub = x.substitutions.get(line);
      return {
        line,
        item,
        genericName: drug?.genericName ?? null,
        baseUnit: drug?.baseUnit ?? null,
        available: drug ? onHand(drug) : null,
        dispensed,
        owed: Math.max(0, roundQuantity(item.quantity - dispensed)),
        flags: { allergy: allergies.get(line) ?? null, duplicateOf: duplicates.get(line) ?? null },
        batches,
        signa: signaText(item),
        labelColour: labelColour(item.route),
        substitute: sub
          ? { itemUid: sub.itemUid, name: sub.name, reason: sub.reason, byName: sub.byName, at: sub.at }
          : null,
        ingredients,
      };
    }),
    events: x.events,
    review: x.review && {
      checks: Object.fromEntries(
        Object.entries(x.review.checks).map(([k, v]) => [k, { ok: v.ok, note: v.note ?? null }]),
      ),
      reviewedBy: x.review.reviewedBy,
      reviewedAt: x.review.reviewedAt,
    },
    interactions: interactionsOf(interacting),
    fees: racikanFees(row.items, x.fees),
  };
}
