import type { PerformedAt } from '@klinikita/domain/services/clinic-services.schema';
import { SERVICE_GROUPS, type ServiceGroup } from '@klinikita/domain/services/service.schema';
import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clinicServices, clinics, services } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { ClinicServiceRow } from './clinic-services.mapper.ts';

const cs = clinicServices;
const performer = alias(clinics, 'performer');

/** The text the trigram index `services_search_trgm_idx` holds: code and both names, lower case. */
const searchText = sql`lower(${services.code} || ' ' || ${services.nameId} || ' ' || ${services.nameEn})`;
const groupOrder = sql`array_position(ARRAY[${sql.join(
  SERVICE_GROUPS.map((g) => sql`${g}`),
  sql`, `,
)}]::text[], ${services.serviceGroup})`;

const ROW = {
  serviceId: services.id,
  serviceUid: services.uid,
  code: services.code,
  nameId: services.nameId,
  nameEn: services.nameEn,
  group: services.serviceGroup,
  unit: services.unit,
  isPackage: services.isPackage,
  serviceActive: services.active,
  taxCategory: services.taxCategory,
  offered: sql<boolean>`coalesce(${cs.active}, false)`,
  room: cs.room,
  queuePrefix: cs.queuePrefix,
  performedAt: cs.performedAt,
  performerClinicId: cs.performerClinicId,
  performerClinicName: performer.name,
  partnerName: cs.partnerName,
  taxOverride: cs.taxCategory,
  updatedAt: cs.updatedAt,
};

const joined = (db: Executor, clinicId: number) =>
  db
    .select(ROW)
    .from(services)
    .leftJoin(cs, and(eq(cs.serviceId, services.id), eq(cs.clinicId, clinicId)))
    .leftJoin(performer, eq(performer.id, cs.performerClinicId));

/**
 * The corporate's services as the clinic has them: the active ones, and a deactivated one while the
 * clinic still offers it (so it can be stopped). By group in the master's order, then by code.
 */
export async function pageClinicServices(
  db: Executor,
  corpId: number,
  clinicId: number,
  q: { search?: string; group?: ServiceGroup; offered?: boolean; page: number; limit: number },
): Promise<{ rows: ClinicServiceRow[]; total: number }> {
  const words = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const offered = sql`coalesce(${cs.active}, false)`;
  const where = and(
    eq(services.corpId, corpId),
    or(eq(services.active, true), eq(cs.active, true)),
    q.group ? eq(services.serviceGroup, q.group) : undefined,
    q.offered === undefined ? undefined : q.offered ? sql`${offered}` : sql`NOT ${offered}`,
    ...words.map((w) => sql`${searchText} LIKE ${`%${escapeLike(w)}%`}`),
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(services)
    .leftJoin(cs, and(eq(cs.serviceId, services.id), eq(cs.clinicId, clinicId)))
    .where(where);
  const rows = await joined(db, clinicId)
    .where(where)
    .orderBy(asc(groupOrder), asc(sql`lower(${services.code})`), asc(services.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** One service of the corporate as the clinic has it. */
export async function findClinicService(
  db: Executor,
  corpId: number,
  clinicId: number,
  serviceUid: string,
): Promise<ClinicServiceRow | null> {
  const [row] = await joined(db, clinicId).where(
    and(eq(services.corpId, corpId), eq(services.uid, serviceUid)),
  );
  return row ?? null;
}

/** A living clinic by id, with its corporate, name and time zone. */
export async function findClinic(db: Executor, clinicId: number) {
  const [row] = await db
    .select({ id: clinics.id, corpId: clinics.corpId, name: clinics.name, timeZone: clinics.timeZone })
    .from(clinics)
    .where(and(eq(clinics.id, clinicId), isNull(clinics.deletedAt)));
  return row ?? null;
}

/** The corporate's other living clinics, by id. */
export async function sisterClinics(db: Executor, corpId: number, clinicId: number) {
  return db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.corpId, corpId), ne(clinics.id, clinicId), isNull(clinics.deletedAt)))
    .orderBy(asc(clinics.id));
}

/** The active services of a group of the corporate (a bulk change's services). */
export async function servicesOfGroup(
  db: Executor,
  corpId: number,
  group: ServiceGroup,
  clinicId: number,
  which: 'active' | 'offered',
) {
  return db
    .select({ id: services.id, code: services.code })
    .from(services)
    .leftJoin(cs, and(eq(cs.serviceId, services.id), eq(cs.clinicId, clinicId)))
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, group),
        which === 'active' ? eq(services.active, true) : eq(cs.active, true),
      ),
    )
    .orderBy(asc(sql`lower(${services.code})`));
}

/**
 * Of `serviceIds`, those the clinic performs itself (offered, performed here). Their rows are
 * locked against a concurrent stop, so a sister clinic never comes to depend on a stopped service.
 */
export async function performedHere(
  db: Executor,
  clinicId: number,
  serviceIds: number[],
): Promise<Set<number>> {
  if (!serviceIds.length) return new Set();
  const rows = await db
    .select({ serviceId: cs.serviceId })
    .from(cs)
    .where(
      and(
        eq(cs.clinicId, clinicId),
        inArray(cs.serviceId, serviceIds),
        eq(cs.active, true),
        eq(cs.performedAt, 'here'),
      ),
    )
    .for('share');
  return new Set(rows.map((r) => r.serviceId));
}

/** Locks the clinic's rows of these services (before a change that may stop them being performed here). */
export async function lockClinicServices(db: Executor, clinicId: number, serviceIds: number[]) {
  if (!serviceIds.length) return;
  await db
    .select({ serviceId: cs.serviceId })
    .from(cs)
    .where(and(eq(cs.clinicId, clinicId), inArray(cs.serviceId, serviceIds)))
    .for('update');
}

/** The other clinics that send any of `serviceIds` to this clinic (active rows), with how many services. */
export async function dependantClinics(db: Executor, clinicId: number, serviceIds: number[]) {
  if (!serviceIds.length) return [];
  return db
    .select({ id: clinics.id, name: clinics.name, services: count() })
    .from(cs)
    .innerJoin(clinics, eq(clinics.id, cs.clinicId))
    .where(
      and(
        eq(cs.performerClinicId, clinicId),
        eq(cs.performedAt, 'sister'),
        eq(cs.active, true),
        ne(cs.clinicId, clinicId),
        inArray(cs.serviceId, serviceIds),
      ),
    )
    .groupBy(clinics.id, clinics.name)
    .orderBy(asc(clinics.id));
}

export interface ClinicServiceValues {
  room: string | null;
  queuePrefix: string | null;
  performedAt: PerformedAt;
  performerClinicId: number | null;
  partnerName: string | null;
  taxCategory: string | null;
  active: boolean;
}

/** Writes one clinic's row of a service (a row is never deleted: stopping a service sets active false). */
export async function upsertClinicService(
  db: Executor,
  key: { clinicId: number; serviceId: number },
  values: ClinicServiceValues,
  userId: number,
) {
  const set = { ...values, updatedBy: userId, updatedAt: sql`now()` };
  await db
    .insert(cs)
    .values({ ...key, ...set })
    .onConflictDoUpdate({ target: [cs.clinicId, cs.serviceId], set });
}

/**
 * Writes the clinic's rows of many services at once: offered or not and where performed; a room or
 * queue prefix given replaces each row's, a null keeps it. Answers how many rows changed.
 */
export async function bulkUpsertClinicServices(
  db: Executor,
  clinicId: number,
  serviceIds: number[],
  values: Omit<ClinicServiceValues, 'taxCategory'>,
  userId: number,
): Promise<number> {
  if (!serviceIds.length) return 0;
  const changed = or(
    sql`${cs.active} IS DISTINCT FROM excluded.active`,
    sql`${cs.performedAt} IS DISTINCT FROM excluded.performed_at`,
    sql`${cs.performerClinicId} IS DISTINCT FROM excluded.performer_clinic_id`,
    sql`${cs.partnerName} IS DISTINCT FROM excluded.partner_name`,
    values.room === null ? undefined : sql`${cs.room} IS DISTINCT FROM excluded.room`,
    values.queuePrefix === null ? undefined : sql`${cs.queuePrefix} IS DISTINCT FROM excluded.queue_prefix`,
  ) as SQL;
  const written = await db
    .insert(cs)
    .values(serviceIds.map((serviceId) => ({ clinicId, serviceId, ...values, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [cs.clinicId, cs.serviceId],
      set: {
        active: sql`excluded.active`,
        performedAt: sql`excluded.performed_at`,
        performerClinicId: sql`excluded.performer_clinic_id`,
        partnerName: sql`excluded.partner_name`,
        room: sql`coalesce(excluded.room, ${cs.room})`,
        queuePrefix: sql`coalesce(excluded.queue_prefix, ${cs.queuePrefix})`,
        updatedBy: userId,
        updatedAt: sql`now()`,
      },
      // an unchanged row is left alone (and not counted)
      setWhere: changed,
    })
    .returning({ serviceId: cs.serviceId });
  return written.length;
}

/** A desk's services at a clinic grouped by where they are performed: the most common first. */
export async function deskPlaces(
  db: Executor,
  clinicId: number,
  groups: readonly ServiceGroup[],
  items: readonly string[],
) {
  const names = items.map((i) => i.trim().toLowerCase()).filter(Boolean);
  const byItems = names.length
    ? sql`AND (lower(s.name_id) IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) OR lower(s.name_en) IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) OR lower(s.code) IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}))`
    : sql``;
  const result = await db.execute<{
    performed_at: PerformedAt;
    performer_clinic_id: number | null;
    partner_name: string | null;
    n: number;
  }>(sql`
    SELECT cs.performed_at, cs.performer_clinic_id, cs.partner_name, count(*)::int AS n
      FROM clinic_services cs
      JOIN services s ON s.id = cs.service_id
     WHERE cs.clinic_id = ${clinicId} AND cs.active AND s.active
       AND s.service_group IN (${sql.join(
         groups.map((g) => sql`${g}`),
         sql`, `,
       )}) ${byItems}
     GROUP BY 1, 2, 3
     ORDER BY n DESC, CASE cs.performed_at WHEN 'here' THEN 0 WHEN 'sister' THEN 1 ELSE 2 END,
              cs.performer_clinic_id, cs.partner_name`);
  return result.rows;
}

/** The room and queue prefix a clinic's desk uses most among its services performed `performedAt`. */
export async function deskRoomAndPrefix(
  db: Executor,
  clinicId: number,
  groups: readonly ServiceGroup[],
  performedAt: PerformedAt,
) {
  const result = await db.execute<{ room: string | null; queue_prefix: string | null }>(sql`
    SELECT mode() WITHIN GROUP (ORDER BY cs.room) FILTER (WHERE cs.room IS NOT NULL) AS room,
           mode() WITHIN GROUP (ORDER BY cs.queue_prefix) FILTER (WHERE cs.queue_prefix IS NOT NULL) AS queue_prefix
      FROM clinic_services cs
      JOIN services s ON s.id = cs.service_id
     WHERE cs.clinic_id = ${clinicId} AND cs.active AND s.active AND cs.performed_at = ${performedAt}
       AND s.service_group IN (${sql.join(
         groups.map((g) => sql`${g}`),
         sql`, `,
       )})`);
  const [row] = result.rows;
  return { room: row?.room ?? null, queuePrefix: row?.queue_prefix ?? null };
}
