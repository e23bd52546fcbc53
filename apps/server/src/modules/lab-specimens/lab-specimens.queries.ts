import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nextQueueValue } from '../../db/queue-counters.ts';
import { codeListItems, labSpecimens, registrations, users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** Lab specimens' SQL: a visit's containers with who did each step, the barcode sequence, the reasons. */

export type NewLabSpecimen = typeof labSpecimens.$inferInsert;
export type LabSpecimenRow = typeof labSpecimens.$inferSelect & {
  labelledByName: string | null;
  collectedByName: string | null;
  receivedByName: string | null;
  rejectedByName: string | null;
  replacesBarcode: string | null;
};

const labelledBy = alias(users, 'labelled_by_user');
const collectedBy = alias(users, 'collected_by_user');
const receivedBy = alias(users, 'received_by_user');
const rejectedBy = alias(users, 'rejected_by_user');
const replaced = alias(labSpecimens, 'replaced_specimen');

/** Every container of a visit, in the order they were labelled. */
export function specimensOfVisit(db: Executor, registrationId: number): Promise<LabSpecimenRow[]> {
  return specimensOfVisits(db, [registrationId]);
}

/** Every container of these visits, by visit and in the order they were labelled. */
export function specimensOfVisits(
  db: Executor,
  registrationIds: readonly number[],
): Promise<LabSpecimenRow[]> {
  if (!registrationIds.length) return Promise.resolve([]);
  return db
    .select({
      id: labSpecimens.id,
      uid: labSpecimens.uid,
      corpId: labSpecimens.corpId,
      clinicId: labSpecimens.clinicId,
      registrationId: labSpecimens.registrationId,
      container: labSpecimens.container,
      specimen: labSpecimens.specimen,
      barcode: labSpecimens.barcode,
      status: labSpecimens.status,
      collectedBy: labSpecimens.collectedBy,
      collectedAt: labSpecimens.collectedAt,
      receivedBy: labSpecimens.receivedBy,
      receivedAt: labSpecimens.receivedAt,
      rejectedBy: labSpecimens.rejectedBy,
      rejectedAt: labSpecimens.rejectedAt,
      rejectReasonCode: labSpecimens.rejectReasonCode,
      rejectReason: labSpecimens.rejectReason,
      replacesId: labSpecimens.replacesId,
      createdBy: labSpecimens.createdBy,
      createdAt: labSpecimens.createdAt,
      labelledByName: labelledBy.name,
      collectedByName: collectedBy.name,
      receivedByName: receivedBy.name,
      rejectedByName: rejectedBy.name,
      replacesBarcode: replaced.barcode,
    })
    .from(labSpecimens)
    .leftJoin(labelledBy, eq(labelledBy.id, labSpecimens.createdBy))
    .leftJoin(collectedBy, eq(collectedBy.id, labSpecimens.collectedBy))
    .leftJoin(receivedBy, eq(receivedBy.id, labSpecimens.receivedBy))
    .leftJoin(rejectedBy, eq(rejectedBy.id, labSpecimens.rejectedBy))
    .leftJoin(replaced, eq(replaced.id, labSpecimens.replacesId))
    .where(inArray(labSpecimens.registrationId, [...registrationIds]))
    .orderBy(asc(labSpecimens.registrationId), asc(labSpecimens.id));
}

/** Serialises the specimen steps of one visit (a double click labels nothing twice). */
export async function lockVisitSpecimens(db: Executor, registrationId: number): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lab-specimens:${registrationId}`}, 0))`,
  );
}

/**
 * The next barcode of a clinic's day: `L` + the clinic's id (3 digits) + YYMMDD + a 4-digit
 * sequence (e.g. `L0112611260007`): short enough for a 50 mm Code 128 label, unique by
 * construction (and by the unique index).
 */
export async function nextBarcode(db: Executor, clinicId: number, day: string): Promise<string> {
  const seq = await nextQueueValue(db, clinicId, 'LABSPC', day);
  const ymd = day.slice(2, 10).replaceAll('-', '');
  return `L${String(clinicId).padStart(3, '0')}${ymd}${String(seq).padStart(4, '0')}`;
}

export async function insertSpecimen(db: Executor, row: NewLabSpecimen): Promise<number> {
  const [out] = await db.insert(labSpecimens).values(row).returning({ id: labSpecimens.id });
  return out.id;
}

/** Moves a container from one status to the next; false when another request moved it first. */
export async function moveSpecimen(
  db: Executor,
  id: number,
  from: string,
  set: Partial<typeof labSpecimens.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(labSpecimens)
    .set(set)
    .where(and(eq(labSpecimens.id, id), eq(labSpecimens.status, from)))
    .returning({ id: labSpecimens.id });
  return rows.length > 0;
}

/** The corporate's active sample-rejection reasons in their order. */
export function rejectionReasons(db: Executor, corpId: number) {
  return db
    .select({ code: codeListItems.code, nameId: codeListItems.nameId, nameEn: codeListItems.nameEn })
    .from(codeListItems)
    .where(
      and(
        eq(codeListItems.corpId, corpId),
        eq(codeListItems.list, 'sampleRejection'),
        eq(codeListItems.active, true),
      ),
    )
    .orderBy(asc(codeListItems.sort), asc(codeListItems.code));
}

/** The visit's `samplingDone` as it now stands. */
export async function samplingFlag(db: Executor, registrationId: number): Promise<boolean> {
  const [row] = await db
    .select({ done: registrations.samplingDone })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row?.done ?? false;
}

/**
 * The worklist's visits: a clinic day's lab and MCU service visits with a collected or received
 * container and results not released (the visit's lab flag), in queue order (at most `max`).
 */
export async function worklistVisitIds(db: Executor, clinicId: number, day: string, max: number) {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, clinicId),
        eq(registrations.queueDate, day),
        eq(registrations.orderType, 'service'),
        inArray(registrations.serviceType, ['LAB', 'MCU']),
        eq(registrations.labDone, false),
        sql`EXISTS (SELECT 1 FROM ${labSpecimens} WHERE ${labSpecimens.registrationId} = ${registrations.id}
                      AND ${labSpecimens.status} IN ('collected', 'received'))`,
      ),
    )
    .orderBy(asc(registrations.queueNumber), asc(registrations.id))
    .limit(max);
  return rows.map((r) => r.id);
}

/** The containers of a clinic with these barcodes (the analyzer's rows). */
export function specimensByBarcode(db: Executor, clinicId: number, barcodes: readonly string[]) {
  if (!barcodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(labSpecimens)
    .where(and(eq(labSpecimens.clinicId, clinicId), inArray(labSpecimens.barcode, [...barcodes])));
}
