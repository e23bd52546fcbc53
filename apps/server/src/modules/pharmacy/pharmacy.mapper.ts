import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { roundQuantity } from '@klinikita/domain/inventory/inventory.rules';
import {
  allergyMatches,
  duplicatedTherapy,
  standardMinutes,
  waitedMinutes,
} from '@klinikita/domain/pharmacy/pharmacy.rules';
import type { PharmacyPrescription, QueueRow } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { BatchRow, DrugRow, EventRow, LocationRow, OrderRow, reviewOf } from './pharmacy.queries.ts';

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

/** The drug a line draws stock from: a drug line's master drug (a racikan's lines are not counted). */
export const stockDrugUid = (item: PrescriptionItem) => (item.kind === 'drug' ? (item.drugId ?? null) : null);

/** The lines given without stock (a racikan, a drug typed in) count as given once the order is handed over. */
const GIVEN: readonly string[] = ['dispensed', 'partially_dispensed', 'returned'];

export interface Extras {
  drugs: Map<string, DrugRow>;
  location: LocationRow | null;
  batches: BatchRow[];
  given: Map<number, number>;
  events: EventRow[];
  review: Awaited<ReturnType<typeof reviewOf>>;
}

export function toPrescription(row: OrderRow, x: Extras, now: Date): PharmacyPrescription {
  const drugOf = (item: PrescriptionItem) => {
    const uid = stockDrugUid(item);
    return uid ? (x.drugs.get(uid) ?? null) : null;
  };
  const reviewed = row.items.map((item) => ({
    name: item.name,
    genericName: drugOf(item)?.genericName ?? null,
  }));
  const allergies = new Map(allergyMatches(reviewed, row.allergies).map((m) => [m.index, m.allergy]));
  const duplicates = new Map(duplicatedTherapy(reviewed).map((d) => [d.index, d.sameAs]));
  return {
    ...toQueueRow(row, now),
    allergies: row.allergies,
    pharmacyLocation: x.location && { uid: x.location.uid, name: x.location.name },
    lines: row.items.map((item, line) => {
      const drug = drugOf(item);
      const batches = drug
        ? x.batches
            .filter((b) => b.itemId === drug.id)
            .map(({ batchNumber, expiryDate, quantity }) => ({ batchNumber, expiryDate, quantity }))
        : [];
      const dispensed = drug ? (x.given.get(line) ?? 0) : GIVEN.includes(row.status) ? item.quantity : 0;
      return {
        line,
        item,
        genericName: drug?.genericName ?? null,
        baseUnit: drug?.baseUnit ?? null,
        available: drug && x.location ? roundQuantity(batches.reduce((n, b) => n + b.quantity, 0)) : null,
        dispensed,
        owed: Math.max(0, roundQuantity(item.quantity - dispensed)),
        flags: { allergy: allergies.get(line) ?? null, duplicateOf: duplicates.get(line) ?? null },
        batches,
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
  };
}
