import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  doctors,
  domainEvents,
  partnerCompanies,
  registrations,
  servicePackageItems,
  services,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * What a draft bill is assembled from (reads only): the visit's payer and doctor, whether it is
 * the patient's first visit (the card fee), the catalogue's services, and the visit's published
 * domain events — the services performed (and voided), lab releases and pharmacy handovers — which
 * are the other modules' contract with billing.
 */

/** The event types a bill is assembled from. */
export const SOURCE_EVENT_TYPES = [
  'service.performed',
  'service.voided',
  'lab.result.released',
  'prescription.dispensed',
] as const;

export interface SourceEvent {
  id: number;
  type: string;
  aggregateId: string;
  payload: unknown;
  at: Date;
}

/** The visit's source events in the order they were written. */
export async function visitEvents(db: Executor, corpId: number, visitUid: string): Promise<SourceEvent[]> {
  return db
    .select({
      id: domainEvents.id,
      type: domainEvents.type,
      aggregateId: domainEvents.aggregateId,
      payload: domainEvents.payload,
      at: domainEvents.at,
    })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.corpId, corpId),
        inArray(domainEvents.type, [...SOURCE_EVENT_TYPES]),
        sql`coalesce(${domainEvents.payload}->>'registrationId', ${domainEvents.payload}->>'registrationUid') = ${visitUid}`,
      ),
    )
    .orderBy(asc(domainEvents.id));
}

/** The payer company's name, the doctor's specialty and whether the patient came before. */
export async function visitContext(
  db: Executor,
  visit: { id: number; patientId: number; companyId: number | null; doctorId: number | null },
) {
  const [company] = visit.companyId
    ? await db
        .select({ name: partnerCompanies.name })
        .from(partnerCompanies)
        .where(eq(partnerCompanies.id, visit.companyId))
    : [];
  const [doctor] = visit.doctorId
    ? await db
        .select({ specialistId: doctors.specialistId })
        .from(doctors)
        .where(eq(doctors.id, visit.doctorId))
    : [];
  const [earlier] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.patientId, visit.patientId),
        lt(registrations.id, visit.id),
        ne(registrations.status, 'Cancelled'),
      ),
    )
    .limit(1);
  return {
    companyName: company?.name ?? null,
    specialistId: doctor?.specialistId ?? null,
    firstVisit: !earlier,
  };
}

export type CatalogueService = Pick<
  typeof services.$inferSelect,
  'id' | 'code' | 'nameId' | 'serviceGroup' | 'unit' | 'taxCategory' | 'specialistId'
>;

const catalogueColumns = {
  id: services.id,
  code: services.code,
  nameId: services.nameId,
  serviceGroup: services.serviceGroup,
  unit: services.unit,
  taxCategory: services.taxCategory,
  specialistId: services.specialistId,
};

/** The corporate's services with these codes (any case, active or not: they were performed). */
export async function servicesByCodes(
  db: Executor,
  corpId: number,
  codes: readonly string[],
): Promise<Map<string, CatalogueService>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select(catalogueColumns)
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        inArray(
          sql`lower(${services.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** The active registration fees (group registration) of the corporate, by code. */
export async function registrationServices(db: Executor, corpId: number): Promise<CatalogueService[]> {
  return db
    .select(catalogueColumns)
    .from(services)
    .where(
      and(eq(services.corpId, corpId), eq(services.serviceGroup, 'registration'), eq(services.active, true)),
    )
    .orderBy(asc(services.code));
}

/**
 * The consultation of a doctor's specialty (general practice: no specialty), the first by code;
 * null when the catalogue has none.
 */
export async function consultationService(
  db: Executor,
  corpId: number,
  specialistId: number | null,
): Promise<CatalogueService | null> {
  const [row] = await db
    .select(catalogueColumns)
    .from(services)
    .where(
      and(
        eq(services.corpId, corpId),
        eq(services.serviceGroup, 'consultation'),
        eq(services.active, true),
        specialistId === null ? isNull(services.specialistId) : eq(services.specialistId, specialistId),
      ),
    )
    .orderBy(asc(services.code))
    .limit(1);
  return row ?? null;
}

/**
 * The services that are items of these packages (an MCU package's lab tests and radiology exams),
 * and the items of an item that is a package itself (a lab panel), a few levels deep.
 */
export async function packageItemIds(db: Executor, packageIds: readonly number[]): Promise<Set<number>> {
  const items = new Set<number>();
  let next = [...new Set(packageIds)];
  for (let depth = 0; next.length && depth < 4; depth++) {
    const rows = await db
      .select({ itemId: servicePackageItems.itemId })
      .from(servicePackageItems)
      .where(inArray(servicePackageItems.packageId, next));
    next = rows.map((r) => r.itemId).filter((id) => !items.has(id));
    for (const id of next) items.add(id);
  }
  return items;
}
