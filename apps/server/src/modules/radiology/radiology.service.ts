import {
  accessionNumber,
  accessionPrefix,
  canSign,
  MODALITIES,
} from '@klinikita/domain/radiology/radiology.rules';
import type {
  RadiologyAmend,
  RadiologyDraft,
  RadiologyReport,
  RadiologySign,
  RadiologyWork,
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
import type { RegistrationRow } from '../registrations/registrations.mapper.ts';
import { visitRowByUid } from '../registrations/registrations.service.ts';
import { setVisitStep } from '../registrations/visit-steps.service.ts';
import { type RadOrder, radOrderOf } from './radiology.order.ts';
import {
  imagesOfVisit,
  insertReport,
  lockAccessions,
  lockVisitReport,
  nextAccessionSeq,
  RAD_DESKS,
  type RadReportRow,
  reportsOfVisit,
  updateReport,
  userNames,
} from './radiology.queries.ts';

/**
 * Radiology of a visit (issue 16 §2): the report is opened (with its accession number) the first
 * time the worklist or the report touches the visit; its draft is written, then signed by the
 * radiologist (`radDone`, `service.performed`); once signed it is never edited in place — an
 * amendment is version n + 1 with a reason, the signed one kept as replaced.
 */

export type RadVisit = RegistrationRow;

export const radConflict = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(409, `radiology.api.${key}`, params);

/** A radiology (or MCU) visit of a clinic of the caller's; any other visit does not exist for the caller. */
export async function scopedRadVisit(db: Executor, session: AuthSession, uid: string): Promise<RadVisit> {
  const visit = await visitRowByUid(db, uid);
  if (!visit || visit.corpId !== session.corpId || !session.clinicIds.includes(visit.clinicId))
    throw notFound();
  if (visit.orderType !== 'service' || !RAD_DESKS.includes(visit.serviceType ?? ''))
    throw radConflict('notRadVisit', { queueNumber: visit.queueNumber });
  return visit;
}

export async function auditRadReport(
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

export const radModality = (m: string) =>
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
    modality: radModality(current.modality),
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
  if (current.version !== version) throw radConflict('staleVersion', { version: current.version });
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
    if (current.status === 'signed') throw radConflict('signedLocked');
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
    if (!moved) throw radConflict('staleVersion', { version: current.version });
    // the fields, never the text: the report is clinical data, the audit log says who changed what
    await auditRadReport(tx, session, ip, 'radiologyReport.save', visit, current.uid, {
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
    if (current.status === 'signed') throw radConflict('alreadySigned');
    if (!canSign(current)) {
      const noFindings = !current.findings?.trim();
      const noImpression = !current.impression?.trim();
      throw radConflict(
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
    if (!moved) throw radConflict('staleVersion', { version: current.version });
    await setVisitStep(tx, visit, { radDone: true });
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
    await auditRadReport(tx, session, ip, 'radiologyReport.sign', visit, current.uid, {
      version: current.version,
    });
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
    if (current.status !== 'signed') throw radConflict('notSigned');
    const moved = await updateReport(tx, current.id, 'signed', {
      status: 'replaced',
      replacedAt: new Date(),
    });
    if (!moved) throw radConflict('staleVersion', { version: current.version });
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
    await auditRadReport(tx, session, ip, 'radiologyReport.amend', visit, reportUid, {
      version: current.version + 1,
      replaced: current.uid,
      reason: input.reason,
    });
  });
}
