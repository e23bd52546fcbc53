import type { Paged } from '@klinikita/domain/common/paged';
import type { ReleasedLabPatient } from '@klinikita/domain/results/lab-print.contract';
import type {
  PrintedLabReport,
  ResultVisit,
  ResultVisitsQuery,
  VisitResults,
} from '@klinikita/domain/results/visit-results.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinical } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { toLabReport, toWorkTest } from '../lab-results/lab-results.mapper.ts';
import type { LabSheet } from '../lab-results/lab-results.pdf.ts';
import { workOf } from '../lab-results/lab-work.service.ts';
import type { RegistrationRow } from '../registrations/registrations.mapper.ts';
import { visitRowByUid } from '../registrations/registrations.service.ts';
import {
  letterheadOf,
  orderingClinicOf,
  pageResultVisits,
  physioSessionsOf,
  releasedLabPatients,
  signedRadiologyOf,
  treatmentsOf,
} from './visit-results.queries.ts';

/**
 * The results a visit hands to the patient (issue 16 §5). Scope: a visit of the reader's corporate
 * and clinics, or a visit done elsewhere for an order of the reader's clinics (Menteng's lab order
 * done at Cikarang); any other visit is not found (404), whoever holds its id.
 */

const notFound = () => new AppError(404, 'visitResults.notFound');
const LAB_DESKS = ['LAB', 'MCU'];

export async function listResultVisits(
  db: Db,
  session: AuthSession,
  q: ResultVisitsQuery,
): Promise<Paged<ResultVisit>> {
  const { rows, total } = await pageResultVisits(db, {
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    date: q.date,
    search: q.search || undefined,
    page: q.page,
    limit: q.limit,
  });
  return {
    docs: rows,
    page: q.page,
    limit: q.limit,
    totalDocs: total,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
  };
}

/** The visit, when the reader may see its results (its clinic, or the clinic of its order). */
export async function readableVisit(
  db: Executor,
  session: AuthSession,
  uid: string,
): Promise<RegistrationRow> {
  const visit = await visitRowByUid(db, uid);
  if (!visit || visit.corpId !== session.corpId) throw notFound();
  if (session.clinicIds.includes(visit.clinicId)) return visit;
  const ordering = visit.serviceOrderUid ? await orderingClinicOf(db, visit.serviceOrderUid) : null;
  if (ordering === null || !session.clinicIds.includes(ordering)) throw notFound();
  return visit;
}

const who = (name: string | null, at: Date | null) => (at ? { name, at: at.toISOString() } : null);

/** The visit's released lab report, as printed: each ordered test with its values (null: none released). */
export async function releasedLabReport(
  db: Executor,
  visit: RegistrationRow,
): Promise<PrintedLabReport | null> {
  if (!LAB_DESKS.includes(visit.serviceType ?? '')) return null;
  const work = await workOf(db, visit);
  const released = work.reports.find((r) => r.status === 'released');
  if (!released) return null;
  const report = toLabReport(released, work.values);
  const byParameter = new Map(report.values.map((v) => [v.parameterUid, v]));
  return {
    reportUid: released.uid,
    version: released.version,
    amendmentReason: released.version > 1 ? released.amendmentReason : null,
    orderingDoctor: work.order.doctorName,
    orderingClinic: work.order.clinicName,
    diagnosis: work.order.diagnosis,
    validated: who(released.validatedByName, released.validatedAt),
    released: who(released.releasedByName, released.releasedAt),
    tests: work.tests
      .map(toWorkTest)
      .map((test) => ({
        code: test.code,
        nameId: test.nameId,
        nameEn: test.nameEn,
        values: test.parameters.flatMap((p) => {
          const v = byParameter.get(p.uid);
          if (!v || v.value === null) return [];
          return [
            {
              code: p.code,
              nameId: p.nameId,
              nameEn: p.nameEn,
              value: v.value,
              decimals: p.decimals,
              unit: v.unit,
              range: v.range,
              flag: v.flag,
            },
          ];
        }),
      }))
      .filter((t) => t.values.length),
  };
}

const num = (x: unknown) => (typeof x === 'number' ? x : null);

async function resultsOf(db: Executor, visit: RegistrationRow): Promise<VisitResults> {
  const [lab, radiology, physio, treatment, head] = await Promise.all([
    releasedLabReport(db, visit),
    signedRadiologyOf(db, visit.id),
    physioSessionsOf(db, visit.id),
    treatmentsOf(db, visit.id),
    letterheadOf(db, visit.clinicId),
  ]);
  // a re-signed examination keeps only its newest signed version
  const seen = new Set<string>();
  return {
    registrationId: visit.uid,
    queueNumber: visit.queueNumber,
    queueDate: visit.queueDate,
    serviceType: visit.serviceType,
    clinicName: head?.name ?? '',
    patient: {
      uid: visit.patient.uid,
      name: visit.patient.name,
      mrn: visit.patient.mrn,
      sex: visit.patient.sex,
      dob: visit.patient.dob || null,
    },
    lab,
    radiology: radiology
      .filter((r) => !seen.has(r.accessionNumber) && seen.add(r.accessionNumber))
      .map((r) => ({
        accessionNumber: r.accessionNumber,
        version: r.version,
        modality: r.modality,
        examination: r.examination,
        findings: r.findings,
        impression: r.impression,
        amendmentReason: r.version > 1 ? r.amendmentReason : null,
        signed: who(r.signedByName, r.signedAt),
      })),
    physio: physio.map((s) => {
      const m = (s.measures ?? {}) as Record<string, unknown>;
      return {
        sessionNumber: s.sessionNumber,
        kind: s.kind,
        painBefore: num(m.painBefore),
        painAfter: num(m.painAfter),
        interventions: s.interventions,
        note: s.note,
        performed: who(s.performedByName, s.performedAt),
      };
    }),
    treatment: treatment.map((p) => ({
      uid: p.uid,
      icd9Code: p.icd9Code,
      name: p.name,
      notes: p.notes,
      consumables: ((p.consumables ?? []) as { name?: unknown; quantity?: unknown; unit?: unknown }[]).map(
        (c) => ({
          name: String(c.name ?? ''),
          quantity: Number(c.quantity ?? 0),
          unit: typeof c.unit === 'string' ? c.unit : null,
        }),
      ),
      performed: who(p.performedByName, p.performedAt),
    })),
  };
}

async function auditRead(
  db: Executor,
  session: AuthSession,
  visit: RegistrationRow,
  action: string,
  ip: string,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'registration',
    entityId: visit.uid,
    patientId: visit.patientId,
    ip,
  });
}

export async function getVisitResults(db: Db, session: AuthSession, uid: string, ip: string) {
  const visit = await readableVisit(db, session, uid);
  const results = await resultsOf(db, visit);
  await auditRead(db, session, visit, 'visitResults.read', ip);
  return results;
}

/** Everything the lab result sheet needs; the caller checked the reader's scope. */
export async function labSheetOf(
  db: Executor,
  session: AuthSession,
  visit: RegistrationRow,
): Promise<LabSheet> {
  const lab = await releasedLabReport(db, visit);
  if (!lab) throw new AppError(404, 'visitResults.noLabResults');
  const { timeZone, ...head } = await letterheadOf(db, visit.clinicId);
  return {
    head: { ...head, timeZone },
    lab,
    visit: { queueNumber: visit.queueNumber, queueDate: visit.queueDate },
    patient: {
      name: visit.patient.name,
      title: visit.patient.title,
      mrn: visit.patient.mrn,
      sex: visit.patient.sex,
      dob: visit.patient.dob,
    },
    printedBy: session.name,
    printedAt: new Date().toISOString(),
  };
}

/** The lab result sheet of a visit the reader may see, laid out by `render`; audited. */
export async function printLabSheet(
  db: Db,
  session: AuthSession,
  visit: RegistrationRow,
  ip: string,
  render: (sheet: LabSheet) => Promise<Buffer>,
) {
  const sheet = await labSheetOf(db, session, visit);
  const pdf = await render(sheet);
  await auditRead(db, session, visit, 'labResult.print', ip);
  return {
    pdf,
    fileName: `hasil-lab-${visit.patient.mrn.replace(/[^A-Za-z0-9-]+/g, '-')}-${visit.queueDate}.pdf`,
  };
}

/**
 * The doctor's badge and critical-value alert: patients with lab results released in the last day,
 * each newest release's critical values named (clinical readers only).
 */
export async function listReleasedLabPatients(db: Db, session: AuthSession): Promise<ReleasedLabPatient[]> {
  assertClinical(session);
  const rows = await releasedLabPatients(db, session.corpId, session.clinicIds);
  return rows.map(({ criticalValues, ...patient }) => ({
    ...patient,
    critical: criticalValues.length > 0,
    criticalValues: criticalValues.map((v) => ({
      nameId: v.nameId,
      nameEn: v.nameEn,
      value: v.valueNumber ?? v.valueText,
      unit: v.unit,
      flag: v.flag,
    })),
  }));
}
