import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { labParameters, labReferenceRanges, servicePackageItems, services } from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

/** The lab catalogue's SQL: lab services (group lab) of a corporate, their parameters, ranges and panel items. */

export type LabServiceRow = typeof services.$inferSelect;
export type LabParameterRow = typeof labParameters.$inferSelect;
export type LabRangeRow = typeof labReferenceRanges.$inferSelect;

const LAB = 'lab';
const ofCorporateLab = (corpId: number) => and(eq(services.corpId, corpId), eq(services.serviceGroup, LAB));

/** The text the trigram index `services_search_trgm_idx` holds. */
const searchText = sql`lower(${services.code} || ' ' || ${services.nameId} || ' ' || ${services.nameEn})`;

export interface LabListFilter {
  search?: string;
  kind?: 'test' | 'panel';
  active?: boolean;
  page: number;
  limit: number;
}

export type LabListRow = LabServiceRow & { parameterCount: number; itemCount: number };

/** A page of the corporate's lab tests and panels by code, with their active parameters and items counted. */
export async function pageLabServices(
  db: Executor,
  corpId: number,
  q: LabListFilter,
): Promise<{ rows: LabListRow[]; total: number }> {
  const words = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const where = and(
    ofCorporateLab(corpId),
    q.kind === undefined ? undefined : eq(services.isPackage, q.kind === 'panel'),
    q.active === undefined ? undefined : eq(services.active, q.active),
    ...words.map((w): SQL => sql`${searchText} LIKE ${containsPattern(w)}`),
  );
  const [{ total }] = await db.select({ total: count() }).from(services).where(where);
  const rows = await db
    .select()
    .from(services)
    .where(where)
    .orderBy(asc(services.isPackage), asc(sql`lower(${services.code})`), asc(services.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const ids = rows.map((r) => r.id);
  const parameterCounts = ids.length
    ? await db
        .select({ id: labParameters.serviceId, n: count() })
        .from(labParameters)
        .where(and(inArray(labParameters.serviceId, ids), eq(labParameters.active, true)))
        .groupBy(labParameters.serviceId)
    : [];
  const itemCounts = ids.length
    ? await db
        .select({ id: servicePackageItems.packageId, n: count() })
        .from(servicePackageItems)
        .where(inArray(servicePackageItems.packageId, ids))
        .groupBy(servicePackageItems.packageId)
    : [];
  const countOf = (counts: { id: number; n: number }[], id: number) =>
    counts.find((c) => c.id === id)?.n ?? 0;
  return {
    rows: rows.map((r) => ({
      ...r,
      parameterCount: countOf(parameterCounts, r.id),
      itemCount: countOf(itemCounts, r.id),
    })),
    total,
  };
}

/** A lab test or panel of the corporate by its public id (another corporate's, or not a lab service: null). */
export async function findLabService(
  db: Executor,
  corpId: number,
  uid: string,
): Promise<LabServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(ofCorporateLab(corpId), eq(services.uid, uid)));
  return row ?? null;
}

/** Lab services of the corporate among `uids` (others are simply not returned). */
export async function findLabServicesByUid(
  db: Executor,
  corpId: number,
  uids: readonly string[],
): Promise<LabServiceRow[]> {
  if (!uids.length) return [];
  return db
    .select()
    .from(services)
    .where(and(ofCorporateLab(corpId), inArray(services.uid, [...uids])));
}

/** Lab services of the corporate by code (the demo seed reads the service master's codes). */
export async function findLabServicesByCode(
  db: Executor,
  corpId: number,
  codes: readonly string[],
): Promise<LabServiceRow[]> {
  if (!codes.length) return [];
  return db
    .select()
    .from(services)
    .where(
      and(
        ofCorporateLab(corpId),
        inArray(
          sql`lower(${services.code})`,
          codes.map((c) => c.toLowerCase()),
        ),
      ),
    );
}

/** A test's parameters in print order. */
export function parametersOf(db: Executor, serviceId: number): Promise<LabParameterRow[]> {
  return db
    .select()
    .from(labParameters)
    .where(eq(labParameters.serviceId, serviceId))
    .orderBy(asc(labParameters.printOrder), asc(labParameters.code), asc(labParameters.id));
}

/** The ranges of these parameters, by age band and sex. */
export function rangesOf(db: Executor, parameterIds: readonly number[]): Promise<LabRangeRow[]> {
  if (!parameterIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(labReferenceRanges)
    .where(inArray(labReferenceRanges.parameterId, [...parameterIds]))
    .orderBy(
      asc(labReferenceRanges.parameterId),
      asc(labReferenceRanges.ageFromDays),
      // any sex, then men, then women, as lab reports list them
      asc(sql`case ${labReferenceRanges.sex} when 'any' then 0 when 'male' then 1 else 2 end`),
      asc(labReferenceRanges.id),
    );
}

/** A parameter with the lab service it belongs to, when that service is the corporate's. */
export async function findParameter(
  db: Executor,
  corpId: number,
  uid: string,
): Promise<{ parameter: LabParameterRow; service: LabServiceRow } | null> {
  const [row] = await db
    .select({ parameter: labParameters, service: services })
    .from(labParameters)
    .innerJoin(services, eq(services.id, labParameters.serviceId))
    .where(and(eq(labParameters.uid, uid), ofCorporateLab(corpId)));
  return row ?? null;
}

export type ParameterValues = Pick<
  LabParameterRow,
  | 'code'
  | 'nameId'
  | 'nameEn'
  | 'unit'
  | 'resultType'
  | 'decimals'
  | 'printOrder'
  | 'loinc'
  | 'specimen'
  | 'container'
  | 'choices'
  | 'formula'
>;

export async function insertParameter(
  db: Executor,
  row: ParameterValues & { uid: string; serviceId: number },
): Promise<LabParameterRow> {
  const [inserted] = await db.insert(labParameters).values(row).returning();
  return inserted;
}

export async function updateParameterRow(
  db: Executor,
  id: number,
  values: Partial<ParameterValues> & { active?: boolean },
): Promise<LabParameterRow> {
  const [updated] = await db
    .update(labParameters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(labParameters.id, id))
    .returning();
  return updated;
}

export type RangeValues = Omit<LabRangeRow, 'id' | 'parameterId'>;

/** Replaces every range of a parameter. */
export async function replaceRanges(db: Executor, parameterId: number, rows: readonly RangeValues[]) {
  await db.delete(labReferenceRanges).where(eq(labReferenceRanges.parameterId, parameterId));
  if (rows.length) await db.insert(labReferenceRanges).values(rows.map((r) => ({ ...r, parameterId })));
}

/** A panel's tests in their order. */
export function panelItemsOf(db: Executor, panelId: number): Promise<LabServiceRow[]> {
  return db
    .select({ service: services })
    .from(servicePackageItems)
    .innerJoin(services, eq(services.id, servicePackageItems.itemId))
    .where(eq(servicePackageItems.packageId, panelId))
    .orderBy(asc(servicePackageItems.sort), asc(services.code))
    .then((rows) => rows.map((r) => r.service));
}

/** Replaces a panel's tests, in the order given. */
export async function replacePanelItems(db: Executor, panelId: number, itemIds: readonly number[]) {
  await db.delete(servicePackageItems).where(eq(servicePackageItems.packageId, panelId));
  if (itemIds.length) {
    await db
      .insert(servicePackageItems)
      .values(itemIds.map((itemId, i) => ({ packageId: panelId, itemId, quantity: 1, sort: (i + 1) * 10 })));
  }
}

/** Serialises changes to one test's parameters (a formula is checked against its siblings). */
export async function lockLabService(db: Executor, serviceId: number): Promise<void> {
  await db.execute(sql`select 1 from ${services} where ${services.id} = ${serviceId} for update`);
}
