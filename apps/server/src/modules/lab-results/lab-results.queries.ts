import { and, asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clinics,
  labParameters,
  labReferenceRanges,
  labReports,
  labResultValues,
  registrations,
  serviceOrders,
  servicePackageItems,
  services,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/**
 * Lab results' SQL: the corporate's lab catalogue as the lab reads it for a visit (services of
 * group lab, panel items, active parameters, ranges), the report versions of a visit and their
 * values, and a patient's released results.
 */

export type LabServiceRow = Pick<
  typeof services.$inferSelect,
  'id' | 'uid' | 'code' | 'nameId' | 'nameEn' | 'isPackage'
>;
export type LabParameterRow = typeof labParameters.$inferSelect;
export type LabRangeRow = typeof labReferenceRanges.$inferSelect;
export type LabReportRow = typeof labReports.$inferSelect & {
  enteredByName: string | null;
  validatedByName: string | null;
  releasedByName: string | null;
};
export type LabValueRow = typeof labResultValues.$inferSelect & {
  parameterUid: string;
  parameterCode: string;
};
export type NewLabValue = typeof labResultValues.$inferInsert;

const serviceColumns = {
  id: services.id,
  uid: services.uid,
  code: services.code,
  nameId: services.nameId,
  nameEn: services.nameEn,
  isPackage: services.isPackage,
};

/** The corporate's active lab tests and panels (what an order's items are matched against). */
export function activeLabServices(db: Executor, corpId: number): Promise<LabServiceRow[]> {
  return db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.corpId, corpId), eq(services.serviceGroup, 'lab'), eq(services.active, true)))
    .orderBy(asc(services.id));
}

/** The active tests of these panels, in each panel's order. */
export function panelTests(
  db: Executor,
  panelIds: readonly number[],
): Promise<(LabServiceRow & { panelId: number })[]> {
  if (!panelIds.length) return Promise.resolve([]);
  return db
    .select({ ...serviceColumns, panelId: servicePackageItems.packageId })
    .from(servicePackageItems)
    .innerJoin(services, eq(services.id, servicePackageItems.itemId))
    .where(
      and(
        inArray(servicePackageItems.packageId, [...panelIds]),
        eq(services.active, true),
        eq(services.isPackage, false),
      ),
    )
    .orderBy(asc(servicePackageItems.packageId), asc(servicePackageItems.sort), asc(services.code));
}

/** The active parameters of these tests, each test's in print order. */
export function activeParametersOf(db: Executor, serviceIds: readonly number[]): Promise<LabParameterRow[]> {
  if (!serviceIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(labParameters)
    .where(and(inArray(labParameters.serviceId, [...serviceIds]), eq(labParameters.active, true)))
    .orderBy(
      asc(labParameters.serviceId),
      asc(labParameters.printOrder),
      asc(labParameters.code),
      asc(labParameters.id),
    );
}

export function rangesOf(db: Executor, parameterIds: readonly number[]): Promise<LabRangeRow[]> {
  if (!parameterIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(labReferenceRanges)
    .where(inArray(labReferenceRanges.parameterId, [...parameterIds]))
    .orderBy(
      asc(labReferenceRanges.parameterId),
      asc(labReferenceRanges.ageFromDays),
      asc(labReferenceRanges.id),
    );
}

/** Serialises the writes on one visit's report (the first save creates version 1) until the transaction ends. */
export async function lockVisitReport(db: Executor, registrationId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`lab-report:${registrationId}`}, 0))`);
}

const enteredBy = alias(users, 'entered_by_user');
const validatedBy = alias(users, 'validated_by_user');
const releasedBy = alias(users, 'released_by_user');

/**
 * Every version of these visits' reports, by visit and newest first, with who entered, validated
 * and released each.
 */
export function reportsOfVisits(db: Executor, registrationIds: readonly number[]): Promise<LabReportRow[]> {
  if (!registrationIds.length) return Promise.resolve([]);
  return db
    .select({
      ...getTableColumns(labReports),
      enteredByName: enteredBy.name,
      validatedByName: validatedBy.name,
      releasedByName: releasedBy.name,
    })
    .from(labReports)
    .leftJoin(enteredBy, eq(enteredBy.id, labReports.enteredBy))
    .leftJoin(validatedBy, eq(validatedBy.id, labReports.validatedBy))
    .leftJoin(releasedBy, eq(releasedBy.id, labReports.releasedBy))
    .where(inArray(labReports.registrationId, [...registrationIds]))
    .orderBy(asc(labReports.registrationId), desc(labReports.version));
}

/** The values of these report versions, with their parameter's public id and code. */
export function valuesOfReports(db: Executor, reportIds: readonly number[]): Promise<LabValueRow[]> {
  if (!reportIds.length) return Promise.resolve([]);
  return db
    .select({
      ...getTableColumns(labResultValues),
      parameterUid: labParameters.uid,
      parameterCode: labParameters.code,
    })
    .from(labResultValues)
    .innerJoin(labParameters, eq(labParameters.id, labResultValues.parameterId))
    .where(inArray(labResultValues.reportId, [...reportIds]))
    .orderBy(
      asc(labResultValues.reportId),
      asc(labResultValues.serviceId),
      asc(labParameters.printOrder),
      asc(labParameters.id),
    );
}

export async function insertReport(db: Executor, values: typeof labReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(labReports).values(values).returning({ id: labReports.id });
  return row.id;
}

/**
 * Moves a report on only if it still has the status read (statuses never go back): null when
 * another request moved it first.
 */
export async function moveReport(
  db: Executor,
  id: number,
  from: string,
  set: Partial<typeof labReports.$inferInsert>,
): Promise<{ id: number } | null> {
  const [row] = await db
    .update(labReports)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(labReports.id, id), eq(labReports.status, from)))
    .returning({ id: labReports.id });
  return row ?? null;
}

/** Replaces the values of these parameters in a draft report (a null value is no row). */
export async function replaceValues(
  db: Executor,
  reportId: number,
  parameterIds: readonly number[],
  rows: readonly NewLabValue[],
): Promise<void> {
  if (parameterIds.length)
    await db
      .delete(labResultValues)
      .where(
        and(eq(labResultValues.reportId, reportId), inArray(labResultValues.parameterId, [...parameterIds])),
      );
  if (rows.length) await db.insert(labResultValues).values([...rows]);
}

/** An amendment starts from the released values: copied onto the new version as they were entered. */
export async function copyValues(db: Executor, fromReportId: number, toReportId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO lab_result_values (report_id, parameter_id, service_id, value_number, value_text, calculated,
      unit, low, high, critical_low, critical_high, normal_text, flag, entered_by, entered_at)
    SELECT ${toReportId}, parameter_id, service_id, value_number, value_text, calculated,
      unit, low, high, critical_low, critical_high, normal_text, flag, entered_by, entered_at
      FROM lab_result_values WHERE report_id = ${fromReportId}`);
}

/** The codes of these lab services. */
export async function serviceCodes(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: services.id, code: services.code })
    .from(services)
    .where(inArray(services.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.code]));
}

export interface PatientResultFilter {
  patientId: number;
  corpId: number;
  /** The reader's clinics: results of their lab, or ordered from them. */
  clinicIds: number[];
  parameter?: string;
  limit: number;
}

/**
 * A patient's released results (replaced versions and drafts never), newest first: of reports
 * made at one of the reader's clinics or ordered from one of them.
 */
export function releasedResultsOfPatient(db: Executor, f: PatientResultFilter) {
  return db
    .select({
      registrationUid: registrations.uid,
      reportUid: labReports.uid,
      version: labReports.version,
      releasedAt: labReports.releasedAt,
      clinicName: clinics.name,
      testCode: services.code,
      testNameId: services.nameId,
      testNameEn: services.nameEn,
      parameterCode: labParameters.code,
      nameId: labParameters.nameId,
      nameEn: labParameters.nameEn,
      ...getTableColumns(labResultValues),
    })
    .from(labReports)
    .innerJoin(registrations, eq(registrations.id, labReports.registrationId))
    .innerJoin(clinics, eq(clinics.id, labReports.clinicId))
    .innerJoin(labResultValues, eq(labResultValues.reportId, labReports.id))
    .innerJoin(labParameters, eq(labParameters.id, labResultValues.parameterId))
    .innerJoin(services, eq(services.id, labResultValues.serviceId))
    .leftJoin(serviceOrders, eq(serviceOrders.uid, registrations.serviceOrderUid))
    .where(
      and(
        eq(registrations.patientId, f.patientId),
        eq(labReports.corpId, f.corpId),
        eq(labReports.status, 'released'),
        or(inArray(labReports.clinicId, f.clinicIds), inArray(serviceOrders.clinicId, f.clinicIds)),
        f.parameter ? sql`lower(${labParameters.code}) = ${f.parameter.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(
      desc(labReports.releasedAt),
      desc(labReports.id),
      asc(services.code),
      asc(labParameters.printOrder),
      asc(labParameters.id),
    )
    .limit(f.limit);
}
export type PatientResultRow = Awaited<ReturnType<typeof releasedResultsOfPatient>>[number];
