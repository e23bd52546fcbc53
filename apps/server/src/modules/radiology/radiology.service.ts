import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import {
  accessionNumber,
  accessionPrefix,
  canSign,
  MODALITIES,
} from '@klinikita/domain/radiology/radiology.rules';
import type {
  PatientRadiologyReport,
  RadiologyAmend,
  RadiologyDraft,
  RadiologyReport,
  RadiologySign,
  RadiologyWork,
  RadiologyWorklistItem,
  RadiologyWorklistQuery,
} from '@klinikita/domain/radiology/radiology.schema';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { SERVICE_EVENTS, type ServicePerformed } from '@klinikita/domain/services/service-performed.events';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { API_PREFIX } from '../../shared/http.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { scopedPatient } from '../consultations/records.service.ts';
import { isCito } from '../lab-results/lab-results.order.ts';
import type { RegistrationRow } from '../registrations/registrations.mapper.ts';
import { findRegistration, setFlags } from '../registrations/registrations.queries.ts';
import { type RadOrder, radOrderOf } from './radiology.order.ts';
import type { RadiologyPrint } from './radiology.pdf.ts';
import {
  imagesOfVisit,
  insertReport,
  letterheadOf,
  lockAccessions,
  lockVisitReport,
  nextAccessionSeq,
  RAD_DESKS,
  type RadReportRow,
  reportsOfVisit,
  signedReportsOfPatient,
  updateReport,
  userNames,
  visitsWithoutReport,
  worklistRows,
} from './radiology.queries.ts';

/**
 * Radiology of a visit (issue 16 §2): the report is opened (with its accession number) the first
 * time the worklist or the report touches the visit; its draft is written, then signed by the
 * radiologist (`radDone`, `service.performed`); once signed it is never edited in place — an
 * amendment is version n + 1 with a reason, the signed one kept as replaced.
 */

export type RadVisit = RegistrationRow;

const conflict = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(409, `radiology.api.${key}`, params);

/** A radiology (or MCU) visit of a clinic of the caller's; any other visit does not exist for the caller. */
export async function scopedRadVisit(db: Executor, session: AuthSession, uid: string): Promise<RadVisit> {
  const visit = await findRegistration(db, uid);
  if (!visit || visit.corpId !== session.corpId || !session.clinicIds.includes(visit.clinicId))
    throw notFound();
  if (visit.orderType !== 'service' || !RAD_DESKS.includes(visit.serviceType ?? ''))
    throw conflict('notRadVisit', { queueNumber: visit.queueNumber });
  return visit;
}

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  visit: RadVisit,
  entityId: string,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'radiologyReport',
    entityId,
    patientId: visit.patientId,
    ip,
    detail,
  });
}

/** The version being written or shown: the newest that is not replaced. */
const currentOf = (reports: RadReportRow[]) => reports.find((r) => r.status !== 'replaced') ?? null;

/**
 * The visit's first report (version 1, nothing written) with its accession number, once: the
 * number is the clinic's next of the visit's day, under a lock of that day.
 */
async function ensureReport(tx: Executor, visit: RadVisit, order: RadOrder) {
  const existing = await reportsOfVisit(tx, visit.id);
  if (existing.length) return;
  const prefix = accessionPrefix(visit.clinicId, visit.queueDate);
  await lockAccessions(tx, prefix);
  const seq = await nextAccessionSeq(tx, prefix);
  const clinicalInfo = [order.order.diagnosis, order.order.note].filter(Boolean).join('\n') || null;
  await insertReport(tx, {
    uid: newUid(),
    corpId: visit.corpId,
    clinicId: visit.clinicId,
    registrationId: visit.id,
    version: 1,
    accessionNumber: accessionNumber(visit.clinicId, visit.queueDate, seq),
    serviceId: order.services[0]?.id ?? null,
    modality: order.modality,
    examination: order.examination.slice(0, 500),
    clinicalInfo,
    status: 'draft',
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReport(r: RadReportRow, names: Map<number, string>): RadiologyReport {
  return {
    uid: r.uid,
    version: r.version,
    status: r.status as RadiologyReport['status'],
    template: (r.template as RadiologyReport['template']) ?? null,
    clinicalInfo: r.clinicalInfo,
    findings: r.findings,
    impression: r.impression,
    amendmentReason: r.amendmentReason,
    written: r.createdBy ? { name: names.get(r.createdBy) ?? '-', at: r.updatedAt.toISOString() } : null,
    signed:
      r.signedBy && r.signedAt ? { name: names.get(r.signedBy) ?? '-', at: r.signedAt.toISOString() } : null,
    replacedAt: iso(r.replacedAt),
  };
}

const modality = (m: string) =>
  (MODALITIES as readonly string[]).includes(m) ? (m as RadiologyWork['modality']) : 'OT';

async function present(db: Executor, visit: RadVisit, order: RadOrder): Promise<RadiologyWork> {
  const reports = await reportsOfVisit(db, visit.id);
  const current = currentOf(reports);
  if (!current) throw notFound();
  const images = await imagesOfVisit(db, visit.id);
  const names = await userNames(db, [
    ...reports.flatMap((r) => [r.createdBy, r.signedBy]),
    ...images.map((i) => i.addedBy),
  ]);
  return {
    registrationId: visit.uid,
    clinicId: visit.clinicId,
    queueNumber: visit.queueNumber,
    patient: {
      uid: visit.patient.uid,
      name: visit.patient.name,
      mrn: visit.patient.mrn,
      sex: visit.patient.sex,
      dob: visit.patient.dob,
    },
    accessionNumber: current.accessionNumber,
    modality: modality(current.modality),
    examination: current.examination,
    order: order.order,
    report: toReport(current, names),
    history: reports.filter((r) => r.status === 'replaced').map((r) => toReport(r, names)),
    images: images.map((i) => ({
      uid: i.uid,
      url: `${API_PREFIX}/radiology/visits/${visit.uid}/images/${i.uid}/file`,
      mimeType: i.mimeType,
      name: i.name,
      sizeBytes: i.sizeBytes,
      caption: i.caption,
      addedBy: i.addedBy ? (names.get(i.addedBy) ?? null) : null,
      addedAt: i.addedAt.toISOString(),
    })),
  };
}

/** A read or write of the visit's report: scope, the report lock, the report opened, the work as it then is. */
export function onVisit(
  db: Db,
  session: AuthSession,
  uid: string,
  write?: (tx: Tx, visit: RadVisit, current: RadReportRow, order: RadOrder) => Promise<void>,
): Promise<RadiologyWork> {
  return db.transaction(async (tx) => {
    const visit = await scopedRadVisit(tx, session, uid);
    await lockVisitReport(tx, visit.id);
    const order = await radOrderOf(tx, visit);
    await ensureReport(tx, visit, order);
    if (write) {
      const current = currentOf(await reportsOfVisit(tx, visit.id));
      if (!current) throw notFound();
      await write(tx, visit, current, order);
    }
    return present(tx, visit, order);
  });
}

export const getRadiologyWork = (db: Db, session: AuthSession, uid: string) => onVisit(db, session, uid);

function assertVersion(current: RadReportRow, version: number) {
  if (current.version !== version) throw conflict('staleVersion', { version: current.version });
}

const TEXT_FIELDS = ['template', 'clinicalInfo', 'findings', 'impression'] as const;
const clean = (s: string | null) => (s?.trim() ? s.replace(/\s+$/, '') : null);

/** Saves the draft's text; the same text again writes nothing. */
export function saveRadiologyDraft(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RadiologyDraft,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, current) => {
    assertVersion(current, input.version);
    if (current.status === 'signed') throw conflict('signedLocked');
    const next = {
      template: input.template,
      clinicalInfo: clean(input.clinicalInfo),
      findings: clean(input.findings),
      impression: clean(input.impression),
    };
    const changed = TEXT_FIELDS.filter((f) => (current[f] ?? null) !== next[f]);
    if (!changed.length && current.createdBy !== null) return;
    const moved = await updateReport(tx, current.id, 'draft', {
      ...next,
      createdBy: current.createdBy ?? session.userId,
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    // the fields, never the text: the report is clinical data, the audit log says who changed what
    await audit(tx, session, ip, 'radiologyReport.save', visit, current.uid, {
      version: current.version,
      changed,
    });
  });
}

/**
 * Signs the draft: refused while the findings or the impression are empty; sets the visit's
 * `radDone`, emits `service.performed` (RAD, the catalogue codes) through the outbox, and the
 * desk's and the ordering clinic's screens refetch.
 */
export function signRadiologyReport(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RadiologySign,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, current, order) => {
    assertVersion(current, input.version);
    if (current.status === 'signed') throw conflict('alreadySigned');
    if (!canSign(current)) {
      const noFindings = !current.findings?.trim();
      const noImpression = !current.impression?.trim();
      throw conflict(
        noFindings && noImpression ? 'signEmpty' : noFindings ? 'signNoFindings' : 'signNoImpression',
      );
    }
    const at = new Date();
    const moved = await updateReport(tx, current.id, 'draft', {
      status: 'signed',
      signedBy: session.userId,
      signedAt: at,
      createdBy: current.createdBy ?? session.userId,
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    await setFlags(tx, visit.id, { radDone: true });
    const payload: ServicePerformed = {
      registrationId: visit.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
      serviceType: 'RAD',
      serviceCodes: order.services.map((s) => s.code),
      icd9Codes: [],
      sourceUid: current.uid,
      performedBy: session.userId,
      performedAt: at.toISOString(),
    };
    await emit(tx, {
      type: SERVICE_EVENTS.performed,
      aggregateType: 'radiologyReport',
      aggregateId: current.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    for (const clinicId of new Set([visit.clinicId, order.orderingClinicId ?? visit.clinicId]))
      await publishEvent(tx, { clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
    await audit(tx, session, ip, 'radiologyReport.sign', visit, current.uid, { version: current.version });
  });
}

/** Opens a correction of a signed report: kept as replaced, version n + 1 a draft with its text and the reason. */
export function amendRadiologyReport(
  db: Db,
  session: AuthSession,
  uid: string,
  input: RadiologyAmend,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, current) => {
    assertVersion(current, input.version);
    if (current.status !== 'signed') throw conflict('notSigned');
    const moved = await updateReport(tx, current.id, 'signed', {
      status: 'replaced',
      replacedAt: new Date(),
    });
    if (!moved) throw conflict('staleVersion', { version: current.version });
    const reportUid = newUid();
    await insertReport(tx, {
      uid: reportUid,
      corpId: current.corpId,
      clinicId: current.clinicId,
      registrationId: current.registrationId,
      version: current.version + 1,
      accessionNumber: current.accessionNumber,
      serviceId: current.serviceId,
      modality: current.modality,
      examination: current.examination,
      template: current.template,
      clinicalInfo: current.clinicalInfo,
      findings: current.findings,
      impression: current.impression,
      status: 'draft',
      amendmentReason: input.reason,
      createdBy: session.userId,
    });
    await audit(tx, session, ip, 'radiologyReport.amend', visit, reportUid, {
      version: current.version + 1,
      replaced: current.uid,
      reason: input.reason,
    });
  });
}

/**
 * The clinic's desk visits of a day (default: the clinic's today), each with its accession number
 * (given here to the visits that have none yet), modality, examination and report status.
 */
export async function radiologyWorklist(
  db: Db,
  session: AuthSession,
  q: RadiologyWorklistQuery,
): Promise<Paged<RadiologyWorklistItem>> {
  const clinic = session.clinics.find((c) => c.id === q.clinicId);
  if (!clinic) throw notFound();
  const day = q.date ?? clinicDay(clinic.timeZone);
  for (const uid of await visitsWithoutReport(db, q.clinicId, day)) await onVisit(db, session, uid);
  const rows = await worklistRows(db, { ...q, clinicId: q.clinicId, day });
  const totalDocs = Number(rows[0]?.total ?? 0);
  return {
    docs: rows.map((r) => ({
      registrationId: r.uid,
      queueNumber: r.queue_number,
      visitStatus: r.status,
      arrivedAt: new Date(r.arrived_at).toISOString(),
      patient: { uid: r.p_uid, name: r.p_name, mrn: r.p_mrn },
      accessionNumber: r.accession_number ?? '-',
      modality: modality(r.modality ?? 'OT'),
      examination: r.examination ?? '-',
      cito: isCito(r.order_note, r.order_note === null ? r.complaint : null),
      clinicalInfo: r.clinical_info,
      status: r.report_status === 'signed' ? 'signed' : r.created_by === null ? 'none' : 'draft',
      amended: (r.version ?? 1) > 1,
    })),
    page: q.page,
    limit: q.limit,
    totalDocs,
    totalPages: Math.max(1, Math.ceil(totalDocs / q.limit)),
  };
}

/** A patient's signed reports for the doctor's screen and the record (the record's reader rule), audited. */
export async function listPatientRadiologyReports(
  db: Db,
  session: AuthSession,
  uid: string,
  ip: string,
): Promise<PatientRadiologyReport[]> {
  const patient = await scopedPatient(db, session, uid);
  const rows = await signedReportsOfPatient(db, {
    patientId: patient.id,
    corpId: session.corpId,
    clinicIds: session.clinicIds,
  });
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action: 'record.read',
    entity: 'patient',
    entityId: uid,
    patientId: patient.id,
    ip,
    detail: { radiologyReports: rows.map((r) => r.uid) },
  });
  return rows.map((r) => ({
    registrationId: r.registration_uid,
    reportUid: r.uid,
    version: r.version,
    amended: r.version > 1,
    accessionNumber: r.accession_number,
    modality: modality(r.modality),
    examination: r.examination,
    clinicName: r.clinic_name,
    findings: r.findings,
    impression: r.impression,
    signedBy: r.signed_by,
    signedAt: new Date(r.signed_at).toISOString(),
    serviceOrderUid: r.service_order_uid,
  }));
}

/**
 * What the report's PDF prints: the newest signed version (409 while none is signed), read in
 * the caller's scope; the print is audited as a read of the record.
 */
export async function radiologyPrint(db: Db, session: AuthSession, uid: string, ip: string) {
  const visit = await scopedRadVisit(db, session, uid);
  const reports = await reportsOfVisit(db, visit.id);
  const signed = reports.find((r) => r.status === 'signed');
  if (!signed?.signedAt || !signed.findings || !signed.impression) throw conflict('notSigned');
  const order = await radOrderOf(db, visit);
  const head = await letterheadOf(db, visit.clinicId);
  const names = await userNames(db, [signed.signedBy]);
  await audit(db, session, ip, 'radiologyReport.print', visit, signed.uid, { version: signed.version });
  const print: RadiologyPrint = {
    head: { name: head.name, address: head.address, phone: head.phone, corporate: head.corporate },
    timeZone: head.timeZone,
    patient: {
      name: visit.patient.title ? `${visit.patient.title}. ${visit.patient.name}` : visit.patient.name,
      mrn: visit.patient.mrn,
      sex: visit.patient.sex,
      dob: visit.patient.dob,
    },
    accessionNumber: signed.accessionNumber,
    examination: signed.examination,
    modality: signed.modality,
    doctorName: order.order.doctorName,
    clinicalInfo: signed.clinicalInfo,
    findings: signed.findings,
    impression: signed.impression,
    version: signed.version,
    amendmentReason: signed.amendmentReason,
    signedBy: names.get(signed.signedBy ?? 0) ?? '-',
    signedAt: signed.signedAt.toISOString(),
  };
  return { print, fileName: `${signed.accessionNumber}-v${signed.version}.pdf` };
}
