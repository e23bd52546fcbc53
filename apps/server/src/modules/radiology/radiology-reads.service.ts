import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import type {
  PatientRadiologyReport,
  RadiologyWorklistItem,
  RadiologyWorklistQuery,
} from '@klinikita/domain/radiology/radiology.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { notFound } from '../../shared/errors.ts';
import { scopedPatient } from '../consultations/records.service.ts';
import { isCito } from '../lab-results/lab-results.order.ts';
import { radOrderOf } from './radiology.order.ts';
import type { RadiologyPrint } from './radiology.pdf.ts';
import {
  letterheadOf,
  reportsOfVisit,
  signedReportsOfPatient,
  userNames,
  visitsWithoutReport,
  worklistRows,
} from './radiology.queries.ts';
import { auditRadReport, onVisit, radConflict, radModality, scopedRadVisit } from './radiology.service.ts';

/**
 * The reads of radiology around the report of a visit: the desk's worklist (which opens the
 * reports of the day's visits that have none yet), a patient's signed reports for the doctor and
 * the record, and what the report's PDF prints.
 */

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
      modality: radModality(r.modality ?? 'OT'),
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
    modality: radModality(r.modality),
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
  if (!signed?.signedAt || !signed.findings || !signed.impression) throw radConflict('notSigned');
  const order = await radOrderOf(db, visit);
  const head = await letterheadOf(db, visit.clinicId);
  const names = await userNames(db, [signed.signedBy]);
  await auditRadReport(db, session, ip, 'radiologyReport.print', visit, signed.uid, {
    version: signed.version,
  });
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
