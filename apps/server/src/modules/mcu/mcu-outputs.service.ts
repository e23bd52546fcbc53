import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import {
  type McuCertificateKind,
  type McuResultsAnswer,
  type McuVerification,
  type mcuResultsQuerySchema,
  mcuVerifyPagePath,
} from '@klinikita/domain/mcu/mcu-outputs.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { getLabWork } from '../lab-results/lab-results.service.ts';
import type { McuChecklistPrint } from './mcu-checklist.pdf.ts';
import {
  categoryLabels,
  conclusionByToken,
  currentConclusions,
  eventsOfClinics,
  listResults,
  type ParticipantRow,
  participantByUid,
  stationResultsOf,
} from './mcu-outputs.queries.ts';
import type { McuLabRow, McuReportPrint, McuStationPrint } from './mcu-report.pdf.ts';
import type { McuCertificatePrint } from './mcu-report-certificate.pdf.ts';

/**
 * MCU outputs (issue 20 §6): what the papers print, read on the main thread with the caller's
 * scope checked first (another corporate's participant is 404, another clinic's 403), and the
 * public verification answering validity only.
 */

/** The participant, if the caller may see it. */
export async function scopedParticipant(db: Db, session: AuthSession, uid: string): Promise<ParticipantRow> {
  const row = await participantByUid(db, uid);
  if (!row || row.p.corpId !== session.corpId) throw notFound();
  assertClinicInScope(session, row.p.clinicId);
  return row;
}

const instant = (at: Date | null, timeZone: string) =>
  at
    ? new Intl.DateTimeFormat('id-ID', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(at)
    : null;

const head = (row: ParticipantRow) => ({
  name: row.clinicName,
  address: row.clinicAddress,
  phone: row.clinicPhone,
  corporate: row.corporateName,
});
const examDay = (row: ParticipantRow) =>
  row.p.checkedInAt ? clinicDay(row.clinicTimeZone, row.p.checkedInAt) : null;

async function conclusionOf(db: Db, row: ParticipantRow) {
  const [current] = await currentConclusions(db, [row.p.id]);
  if (!current) return null;
  const labels = await categoryLabels(db, row.p.corpId, row.p.companyId);
  const label = labels.find((l) => l.code === current.c.category)?.label ?? current.c.category;
  return { ...current, label };
}

/** The released lab values of the participant's visit, read through the lab-results module. */
async function labRows(db: Db, session: AuthSession, row: ParticipantRow): Promise<McuReportPrint['lab']> {
  if (!row.registrationUid) return { state: 'none', rows: [] };
  let work: LabWork;
  try {
    work = await getLabWork(db, session, row.registrationUid);
  } catch (error) {
    // not a lab visit (an MCU visit without lab work) or out of the lab's reach: no lab section values
    if (error instanceof AppError) return { state: 'none', rows: [] };
    throw error;
  }
  if (!work.report) return { state: work.tests.length ? 'pending' : 'none', rows: [] };
  if (work.report.status !== 'released') return { state: 'pending', rows: [] };
  const values = new Map(work.report.values.map((v) => [v.parameterUid, v]));
  const rows: McuLabRow[] = [];
  for (const test of work.tests)
    for (const param of test.parameters) {
      const v = values.get(param.uid);
      if (!v || v.value === null) continue;
      const r = v.range;
      const range = r
        ? (r.normalText ?? (r.low !== null || r.high !== null ? `${r.low ?? ''} – ${r.high ?? ''}` : null))
        : null;
      rows.push({
        test: test.nameId,
        name: param.nameId,
        value: String(v.value).replace('.', ','),
        unit: v.unit,
        range,
        flag: v.flag && v.flag !== 'N' ? v.flag : null,
      });
    }
  return { state: 'released', rows };
}

/** The report's data; `origin` is where the public verification page lives. */
export async function reportPrint(
  db: Db,
  session: AuthSession,
  uid: string,
  origin: string,
  ip: string,
): Promise<McuReportPrint> {
  const row = await scopedParticipant(db, session, uid);
  const [results, conclusion, lab] = await Promise.all([
    stationResultsOf(db, [row.p.id]),
    conclusionOf(db, row),
    labRows(db, session, row),
  ]);
  const byStation: Record<string, McuStationPrint> = {};
  for (const r of results)
    byStation[r.station] = { data: r.data, findings: r.findings, examinerName: r.examinerName };
  const approved = conclusion?.c.status === 'approved';
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.p.clinicId,
    action: 'mcu.report.print',
    entity: 'mcuParticipant',
    entityId: uid,
    patientId: row.p.patientId,
    ip,
    detail: { conclusion: conclusion?.c.uid ?? null, version: conclusion?.c.version ?? null },
  });
  return {
    head: head(row),
    draft: !approved,
    identity: {
      mcuNumber: row.p.mcuNumber,
      mrn: row.mrn,
      name: row.p.name,
      nik: row.p.nik,
      birthDate: row.p.birthDate,
      sex: row.p.sex,
      address: row.address,
      examDate: examDay(row),
      company: row.companyName,
      department: row.p.department,
      job: row.p.job,
      packageName: row.packageName,
      examType: row.examType,
    },
    occupationalHistory: row.p.occupationalHistory,
    exposures: row.p.exposures,
    stations: row.stations ?? [],
    results: byStation,
    lab,
    conclusion: conclusion && {
      categoryLabel: conclusion.label,
      findings: conclusion.c.findings,
      conclusion: conclusion.c.conclusion,
      advice: conclusion.c.advice,
      restrictions: conclusion.c.restrictions,
      followUpDate: conclusion.c.followUpDate,
      doctorName: conclusion.approverName ?? conclusion.writerName,
      approvedAt: instant(conclusion.c.approvedAt, row.clinicTimeZone),
      version: conclusion.c.version,
      status: conclusion.c.status,
    },
    verifyUrl: approved && conclusion ? origin + mcuVerifyPagePath(conclusion.c.verifyToken) : null,
    printedAt: instant(new Date(), row.clinicTimeZone) ?? '',
  };
}

/** The health certificate or fit-to-work letter: only from an approved conclusion (409 otherwise). */
export async function certificatePrint(
  db: Db,
  session: AuthSession,
  uid: string,
  kind: McuCertificateKind,
  origin: string,
  ip: string,
): Promise<McuCertificatePrint> {
  const row = await scopedParticipant(db, session, uid);
  const conclusion = await conclusionOf(db, row);
  if (conclusion?.c.status !== 'approved' || !conclusion.c.approvedAt)
    throw new AppError(409, 'mcuOutputs.notApproved');
  const results = await stationResultsOf(db, [row.p.id]);
  const vitals = results.find((r) => r.station === 'vitals')?.data ?? null;
  const eye = results.find((r) => r.station === 'eye')?.data;
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.p.clinicId,
    action: `mcu.certificate.${kind}`,
    entity: 'mcuParticipant',
    entityId: uid,
    patientId: row.p.patientId,
    ip,
    detail: { conclusion: conclusion.c.uid, version: conclusion.c.version },
  });
  const approvedDay = clinicDay(row.clinicTimeZone, conclusion.c.approvedAt);
  return {
    kind,
    head: head(row),
    number: `${kind === 'health' ? 'SKS' : 'SKLK'}/${row.p.mcuNumber}/${approvedDay.slice(0, 4)}/v${conclusion.c.version}`,
    city: (row.clinicAddress ?? row.clinicName).split(',').pop()?.trim() || row.clinicName,
    identity: {
      name: row.p.name,
      nik: row.p.nik,
      birthDate: row.p.birthDate,
      sex: row.p.sex,
      address: row.address,
      job: row.p.job,
      department: row.p.department,
      company: row.companyName,
    },
    examDate: examDay(row),
    vitals,
    colourVision: typeof eye?.colourVision === 'string' ? eye.colourVision : null,
    categoryLabel: conclusion.label,
    conclusion: conclusion.c.conclusion,
    restrictions: conclusion.c.restrictions,
    advice: conclusion.c.advice,
    followUpDate: conclusion.c.followUpDate,
    doctorName: conclusion.approverName ?? conclusion.writerName,
    approvedDay,
    verifyUrl: origin + mcuVerifyPagePath(conclusion.c.verifyToken),
  };
}

/** The check-in paper: the package's stations (ticked when recorded) and the tube labels. */
export async function checklistPrint(db: Db, session: AuthSession, uid: string): Promise<McuChecklistPrint> {
  const row = await scopedParticipant(db, session, uid);
  const recorded = new Set((await stationResultsOf(db, [row.p.id])).map((r) => r.station));
  const stations = row.stations ?? [];
  return {
    head: head(row),
    identity: {
      mcuNumber: row.p.mcuNumber,
      name: row.p.name,
      nik: row.p.nik,
      birthDate: row.p.birthDate,
      sex: row.p.sex,
      company: row.companyName,
      department: row.p.department,
      packageName: row.packageName,
      eventName: row.eventName,
    },
    stations: stations.map((code) => ({ code, done: recorded.has(code) })),
    // a lab package draws blood and urine: a label per tube, two spare
    labels: stations.includes('lab') ? 6 : 2,
  };
}

/** `/Layanan/previewHasil`'s list: done or approved participants of the caller's clinics. */
export async function mcuResults(
  db: Db,
  session: AuthSession,
  q: z.output<typeof mcuResultsQuerySchema>,
): Promise<McuResultsAnswer> {
  if (q.clinicId) assertClinicInScope(session, q.clinicId);
  const clinicIds = q.clinicId ? [q.clinicId] : session.clinicIds;
  const { rows, total } = await listResults(db, {
    corpId: session.corpId,
    clinicIds,
    from: q.from,
    to: q.to,
    companyId: q.companyId,
    eventUid: q.eventId,
    status: q.status,
    q: q.q,
    page: q.page,
    limit: q.limit,
  });
  const conclusions = new Map(
    (
      await currentConclusions(
        db,
        rows.map((r) => r.id),
      )
    ).map((c) => [c.c.participantId, c.c]),
  );
  const labelCache = new Map<number, Map<string, string>>();
  const labelOf = async (companyId: number, code: string) => {
    let labels = labelCache.get(companyId);
    if (!labels) {
      labels = new Map((await categoryLabels(db, session.corpId, companyId)).map((l) => [l.code, l.label]));
      labelCache.set(companyId, labels);
    }
    return labels.get(code) ?? code;
  };
  const docs: McuResultsAnswer['docs'] = [];
  for (const r of rows) {
    const c = conclusions.get(r.id);
    docs.push({
      uid: r.uid,
      mcuNumber: r.mcuNumber,
      name: r.name,
      nik: r.nik,
      employeeNumber: r.employeeNumber,
      department: r.department,
      status: r.status,
      examDate: r.examDate,
      clinicName: r.clinicName,
      company: { id: r.companyId, name: r.companyName },
      event: { uid: r.eventUid, name: r.eventName },
      conclusion: c
        ? {
            category: c.category,
            categoryLabel: await labelOf(r.companyId, c.category),
            status: c.status,
            version: c.version,
            verifyPath: c.status === 'approved' ? mcuVerifyPagePath(c.verifyToken) : null,
          }
        : null,
    });
  }
  const events = await eventsOfClinics(db, session.corpId, clinicIds);
  return { ...pageOf(docs, total, q), events };
}

/** The public answer of a report's QR code: validity only (404 for an unknown or draft token). */
export async function verifyReport(db: Db, token: string): Promise<McuVerification> {
  const row = await conclusionByToken(db, token);
  if (!row || row.status === 'draft') throw notFound();
  return {
    valid: row.status === 'approved',
    status: row.status,
    clinicName: row.clinicName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    version: row.version,
  };
}
