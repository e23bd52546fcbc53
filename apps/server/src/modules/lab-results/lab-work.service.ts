import { ageInDays, pickRange, type RangeSex } from '@klinikita/domain/lab/lab-catalogue.rules';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { ordersForDesk } from '../consultations/consultations.service.ts';
import { mcuLabItems } from '../mcu/mcu-exam-lab.service.ts';
import { scopedRegistration } from '../registrations/registrations.service.ts';
import { toLabReport, toRangeLimits, toWorkTest } from './lab-results.mapper.ts';
import { isCito, itemsOfText, matchItems, splitReferrer } from './lab-results.order.ts';
import {
  activeLabServices,
  activeParametersOf,
  type LabReportRow,
  type LabServiceRow,
  type LabValueRow,
  panelTests,
  rangesOf,
  reportsOfVisits,
  valuesOfReports,
} from './lab-results.queries.ts';
import type { WorkParameter, WorkTest } from './lab-results.values.ts';

/**
 * What the lab works on for one visit: the order read from the doctor's note (or the front
 * office's text), its tests with the parameters and the ranges for this patient, and the report
 * versions. Access first: the visit must be of the caller's corporate (404) and clinics (403).
 */

export type LabVisit = Awaited<ReturnType<typeof scopedRegistration>>;

const LAB_DESKS = ['LAB', 'MCU'];

/** A lab or MCU service visit in the caller's scope, or the refusal. */
export async function scopedLabVisit(db: Executor, session: AuthSession, uid: string): Promise<LabVisit> {
  const visit = await scopedRegistration(db, session, uid);
  if (visit.orderType !== 'service' || !LAB_DESKS.includes(visit.serviceType ?? ''))
    throw new AppError(409, 'labResultsApi.notLabVisit', { queueNumber: visit.queueNumber });
  return visit;
}

export interface VisitWork {
  visit: LabVisit;
  order: LabWork['order'];
  orderingClinicId: number | null;
  ageDays: number | null;
  tests: WorkTest[];
  /** The order's parameters by public id. */
  byUid: Map<string, WorkParameter>;
  /** Every version, newest first. */
  reports: LabReportRow[];
  /** The values of every version. */
  values: LabValueRow[];
}

/** Rows grouped by a key, each group in the rows' order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const SEX: Record<string, 'M' | 'F'> = { M: 'M', F: 'F' };

export async function workOf(db: Executor, visit: LabVisit): Promise<VisitWork> {
  const [work] = await worksOf(db, [visit]);
  return work;
}

/**
 * The work of many visits (a clinic day's worklist) in a fixed number of queries, whatever their
 * count: their orders, the corporate's lab catalogue, the panels' tests, the parameters and
 * ranges, the reports and their values, each read once for all. In the visits' order.
 */
export async function worksOf(db: Executor, visits: readonly LabVisit[]): Promise<VisitWork[]> {
  if (!visits.length) return [];
  const orders = await ordersForDesk(
    db,
    visits.flatMap((v) => (v.serviceOrderUid ? [v.serviceOrderUid] : [])),
  );
  // an MCU visit without a doctor's order works on its participant's package lab items
  const mcuItems = await mcuLabItems(
    db,
    visits.filter((v) => v.serviceType === 'MCU' && !v.serviceOrderUid).map((v) => v.id),
  );
  const catalogues = new Map<number, LabServiceRow[]>();
  for (const corpId of new Set(visits.map((v) => v.corpId)))
    catalogues.set(corpId, await activeLabServices(db, corpId));
  const ordered = visits.map((visit) => {
    const order = (visit.serviceOrderUid && orders.get(visit.serviceOrderUid)) || null;
    const items = order ? order.items : (mcuItems.get(visit.id) ?? itemsOfText(visit.complaint));
    return { visit, order, ...matchItems(items, catalogues.get(visit.corpId)!) };
  });
  const panelIds = new Set(ordered.flatMap((o) => o.matched.filter((s) => s.isPackage).map((s) => s.id)));
  const panelItems = groupBy(await panelTests(db, [...panelIds]), (i) => i.panelId);
  // the ordered tests: panels unfolded into their tests, each test once, in the order named
  const testsOf = ordered.map(({ matched }) => {
    const tests: LabServiceRow[] = [];
    for (const s of matched) {
      const unfolded = s.isPackage ? (panelItems.get(s.id) ?? []) : [s];
      for (const t of unfolded) if (!tests.some((x) => x.id === t.id)) tests.push(t);
    }
    return tests;
  });
  const parameters = await activeParametersOf(db, [...new Set(testsOf.flat().map((t) => t.id))]);
  const parametersOf = groupBy(parameters, (p) => p.serviceId);
  const rangesOfParameter = groupBy(
    await rangesOf(
      db,
      parameters.map((p) => p.id),
    ),
    (r) => r.parameterId,
  );
  const reportsOf = groupBy(
    await reportsOfVisits(
      db,
      visits.map((v) => v.id),
    ),
    (r) => r.registrationId,
  );
  const visitOfReport = new Map([...reportsOf].flatMap(([visitId, rs]) => rs.map((r) => [r.id, visitId])));
  const valuesOf = groupBy(await valuesOfReports(db, [...visitOfReport.keys()]), (v) =>
    visitOfReport.get(v.reportId),
  );
  return ordered.map(({ visit, order, unmatched }, i) => {
    const ageDays = ageInDays(visit.patient.dob, visit.queueDate);
    const patient = { sex: SEX[visit.patient.sex] ?? null, ageDays: ageDays ?? -1 };
    const workTests: WorkTest[] = testsOf[i].map((service) => ({
      service,
      parameters: (parametersOf.get(service.id) ?? []).map((row) => {
        const own = (rangesOfParameter.get(row.id) ?? []).map((r) => ({ ...r, sex: r.sex as RangeSex }));
        const range = ageDays === null ? null : pickRange(own, patient);
        return { row, range: range ? toRangeLimits(range) : null };
      }),
    }));
    const referrer = splitReferrer(visit.referrer);
    return {
      visit,
      order: {
        doctorName: order?.doctorName ?? referrer.doctorName,
        clinicName: order?.clinicName ?? referrer.clinicName,
        diagnosis: order?.diagnosis ?? null,
        note: order?.note ?? null,
        cito: order ? isCito(order.note) : isCito(visit.complaint),
        unmatchedItems: unmatched,
      },
      orderingClinicId: order?.clinicId ?? null,
      ageDays,
      tests: workTests,
      byUid: new Map(workTests.flatMap((t) => t.parameters).map((p) => [p.row.uid, p])),
      reports: reportsOf.get(visit.id) ?? [],
      values: valuesOf.get(visit.id) ?? [],
    };
  });
}

/** The version being worked on or shown: the newest that is not replaced (null: none saved yet). */
export const currentReport = (work: Pick<VisitWork, 'reports'>) =>
  work.reports.find((r) => r.status !== 'replaced') ?? null;

export function presentWork(work: VisitWork): LabWork {
  const { visit } = work;
  const current = currentReport(work);
  return {
    registrationId: visit.uid,
    clinicId: visit.clinicId,
    patient: {
      uid: visit.patient.uid,
      name: visit.patient.name,
      mrn: visit.patient.mrn,
      sex: visit.patient.sex,
      ageDays: work.ageDays,
    },
    order: work.order,
    tests: work.tests.map(toWorkTest),
    report: current ? toLabReport(current, work.values) : null,
    history: work.reports.filter((r) => r.status === 'replaced').map((r) => toLabReport(r, work.values)),
  };
}
