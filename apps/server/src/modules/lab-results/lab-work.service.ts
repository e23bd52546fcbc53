import { ageInDays, pickRange, type RangeSex } from '@klinikita/domain/lab/lab-catalogue.rules';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { orderForDesk } from '../consultations/consultations.service.ts';
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
  reportsOfVisit,
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

/** The ordered tests: panels unfolded into their tests, each test once, in the order named. */
async function orderedTests(db: Executor, corpId: number, items: readonly string[]) {
  const { matched, unmatched } = matchItems(items, await activeLabServices(db, corpId));
  const panelItems = await panelTests(
    db,
    matched.filter((s) => s.isPackage).map((s) => s.id),
  );
  const tests: LabServiceRow[] = [];
  for (const s of matched) {
    const unfolded = s.isPackage ? panelItems.filter((i) => i.panelId === s.id) : [s];
    for (const t of unfolded) if (!tests.some((x) => x.id === t.id)) tests.push(t);
  }
  return { tests, unmatched };
}

const SEX: Record<string, 'M' | 'F'> = { M: 'M', F: 'F' };

export async function workOf(db: Executor, visit: LabVisit): Promise<VisitWork> {
  const order = visit.serviceOrderUid ? await orderForDesk(db, visit.serviceOrderUid) : null;
  const items = order ? order.items : itemsOfText(visit.complaint);
  const { tests, unmatched } = await orderedTests(db, visit.corpId, items);
  const parameters = await activeParametersOf(
    db,
    tests.map((t) => t.id),
  );
  const ranges = await rangesOf(
    db,
    parameters.map((p) => p.id),
  );
  const ageDays = ageInDays(visit.patient.dob, visit.queueDate);
  const patient = { sex: SEX[visit.patient.sex] ?? null, ageDays: ageDays ?? -1 };
  const workTests: WorkTest[] = tests.map((service) => ({
    service,
    parameters: parameters
      .filter((p) => p.serviceId === service.id)
      .map((row) => {
        const own = ranges
          .filter((r) => r.parameterId === row.id)
          .map((r) => ({ ...r, sex: r.sex as RangeSex }));
        const range = ageDays === null ? null : pickRange(own, patient);
        return { row, range: range ? toRangeLimits(range) : null };
      }),
  }));
  const reports = await reportsOfVisit(db, visit.id);
  const values = await valuesOfReports(
    db,
    reports.map((r) => r.id),
  );
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
    reports,
    values,
  };
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
