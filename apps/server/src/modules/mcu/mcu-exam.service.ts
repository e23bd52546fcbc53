import { catalogs, translate } from '@klinikita/domain/i18n/translate';
import type { ExamAnswer, ExposuresSave, StationSave } from '@klinikita/domain/mcu/mcu-exam.schema';
import {
  checkStationData,
  findingText,
  stationFindings,
  suggestedTests,
} from '@klinikita/domain/mcu/mcu-findings.rules';
import { MCU_STATIONS, type McuStation } from '@klinikita/domain/mcu/mcu-stations';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { currentReport, presentWork, scopedLabVisit, workOf } from '../lab-results/lab-work.service.ts';
import { categoriesFor } from './mcu-conclusions.categories.ts';
import { toConclusion, toExposure, toStationResult } from './mcu-exam.mapper.ts';
import {
  conclusionsOf,
  findParticipant,
  lockParticipant,
  type ParticipantRow,
  setExposures,
  setParticipantStatus,
  stationResultsOf,
  upsertStationResult,
} from './mcu-exam.queries.ts';

/**
 * A participant's examination (issue 20 §3–4): the stations of the package recorded one by one
 * (values checked against the station's fields, findings derived and stored in Indonesian, the
 * record's language), the lab station read from the lab's report, the exposures. When every
 * station is recorded the participant is done. Access first: a participant of another corporate
 * is not found (404), of a clinic outside the caller's scope refused (403).
 */

export const mcuError = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `mcuExam.${key}`, params);

/** Texts in the record's language. */
export const inRecordLanguage = (key: string, params?: Record<string, string | number>) =>
  translate('id', key, params);

export type Participant = ParticipantRow;

export async function scopedParticipant(
  db: Executor,
  session: AuthSession,
  uid: string,
): Promise<Participant> {
  const row = await findParticipant(db, uid);
  if (!row || row.corpId !== session.corpId) throw mcuError(404, 'notFound');
  assertClinicInScope(session, row.clinicId);
  return row;
}

export const stationsOf = (p: Participant): McuStation[] =>
  (p.stations ?? []).filter((s): s is McuStation => (MCU_STATIONS as readonly string[]).includes(s));

/** The visit's lab report: its status and the flagged values as findings (null: no lab in the package). */
export async function labOf(db: Executor, session: AuthSession, p: Participant): Promise<ExamAnswer['lab']> {
  if (!stationsOf(p).includes('lab')) return null;
  if (!p.visitUid) return { status: 'none', findings: [] };
  const work = await workOf(db, await scopedLabVisit(db, session, p.visitUid));
  const current = currentReport(work);
  if (!current) return { status: 'none', findings: [] };
  const report = presentWork(work).report!;
  const params = new Map(work.tests.flatMap((t) => t.parameters).map((x) => [x.row.uid, x.row]));
  const findings = report.values
    .filter((v) => v.flag && v.flag !== 'N')
    .map((v) => {
      const parameter = params.get(v.parameterUid);
      return `${parameter?.nameId ?? v.parameterUid} ${v.value ?? ''}${v.unit ? ` ${v.unit}` : ''} (${v.flag})`;
    });
  return { status: current.status as 'draft' | 'validated' | 'released', findings };
}

/** Whether every station of the package is recorded (the lab: its report released). */
function allRecorded(p: Participant, recorded: ReadonlySet<string>, labReleased: boolean) {
  return stationsOf(p).every((s) => (s === 'lab' ? labReleased : recorded.has(s)));
}

/** In progress → done once every station is recorded (called after a station, and on the lab's release). */
export async function markDoneIfComplete(tx: Executor, p: Participant, labReleased: boolean) {
  if (p.status !== 'inProgress') return;
  const recorded = new Set((await stationResultsOf(tx, [p.id])).map((r) => r.station));
  if (allRecorded(p, recorded, labReleased)) await setParticipantStatus(tx, p.id, 'done');
}

/** The whole examination as the screen reads it. */
export async function presentExam(db: Executor, session: AuthSession, p: Participant): Promise<ExamAnswer> {
  const stations = stationsOf(p);
  const results = new Map((await stationResultsOf(db, [p.id])).map((r) => [r.station, r]));
  const lab = await labOf(db, session, p);
  const conclusions = await conclusionsOf(db, p.id);
  const categories = await categoriesFor(db, p.corpId, p.companyId);
  const exposures = p.exposures.map(toExposure);
  return {
    participant: {
      uid: p.uid,
      mcuNumber: p.mcuNumber,
      name: p.name,
      nik: p.nik,
      employeeNumber: p.employeeNumber,
      sex: p.sex,
      birthDate: p.birthDate,
      department: p.department,
      job: p.job,
      jobGroup: p.jobGroup,
      status: p.status,
      visitUid: p.visitUid,
      patientUid: p.patientUid,
      clinicId: p.clinicId,
    },
    event: p.event,
    company: p.company,
    package: { ...p.package, stations },
    stations: stations.map((station) => {
      const row = results.get(station);
      const recorded = station === 'lab' ? lab?.status === 'released' : !!row;
      return { station, recorded, result: row ? toStationResult(row, p.uid) : null };
    }),
    lab,
    exposures,
    occupationalHistory: p.occupationalHistory,
    suggestedTests: suggestedTests(exposures, stations),
    findings: stations.flatMap((station) =>
      (station === 'lab' ? (lab?.findings ?? []) : (results.get(station)?.findings ?? [])).map((text) => ({
        station,
        text,
      })),
    ),
    conclusions: conclusions.map((c) => toConclusion(c, categories)),
    categories,
    // the advice goes into the record: its templates in the record's language
    adviceTemplates: [...catalogs.id.mcuExam.adviceTemplates],
    editable: p.status !== 'approved',
  };
}

export async function getExam(db: Db, session: AuthSession, uid: string): Promise<ExamAnswer> {
  return presentExam(db, session, await scopedParticipant(db, session, uid));
}

/** Refuses a change once the participant's conclusion is approved (a new version reopens it). */
function assertEditable(p: Participant) {
  if (p.status === 'approved') throw mcuError(409, 'approvedLocked');
}

function assertCheckedIn(p: Participant) {
  if (!p.registrationId || p.status === 'registered') throw mcuError(409, 'notCheckedIn');
}

export function saveStation(
  db: Db,
  session: AuthSession,
  uid: string,
  station: McuStation,
  input: StationSave,
  ip: string,
): Promise<ExamAnswer> {
  return db.transaction(async (tx) => {
    const found = await scopedParticipant(tx, session, uid);
    await lockParticipant(tx, found.id);
    const p = (await findParticipant(tx, uid))!;
    if (!stationsOf(p).includes(station))
      throw mcuError(409, 'notInPackage', { station: inRecordLanguage(`mcuStations.station.${station}`) });
    if (station === 'lab') throw mcuError(409, 'labFromLab');
    assertEditable(p);
    assertCheckedIn(p);
    const errors = checkStationData(station, input.data);
    if (errors.length)
      throw new AppError(
        400,
        'mcuExam.invalidValues',
        {},
        errors.map((e) => ({ path: e.path, key: e.key })),
      );
    // the attachment is uploaded through its own route (mcu-attachments): a save keeps it, null
    // removes it, any other file is refused (a file of the corporate is no patient's tracing)
    const [current] = (await stationResultsOf(tx, [p.id])).filter((r) => r.station === station);
    const kept = current?.fileUid ?? null;
    const fileUid = input.fileUid === undefined ? kept : input.fileUid;
    if (fileUid && fileUid !== kept)
      throw new AppError(400, 'mcuExam.fileNotFound', {}, [{ path: 'fileUid', key: 'mcuExam.fileNotFound' }]);
    const findings = stationFindings(station, input.data).map((f) => findingText(inRecordLanguage, f));
    await upsertStationResult(tx, {
      participantId: p.id,
      station,
      data: input.data,
      findings,
      normal: findings.length === 0,
      fileUid,
      examinedBy: session.userId,
    });
    const lab = await labOf(tx, session, p);
    await markDoneIfComplete(tx, p, lab?.status === 'released');
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: p.clinicId,
      action: 'mcu.station.save',
      entity: 'mcuParticipant',
      entityId: p.uid,
      patientId: p.patientId,
      ip,
      detail: { station, normal: findings.length === 0, findings: findings.length },
    });
    return presentExam(tx, session, (await findParticipant(tx, uid))!);
  });
}

export function saveExposures(db: Db, session: AuthSession, uid: string, input: ExposuresSave, ip: string) {
  return db.transaction(async (tx) => {
    const p = await scopedParticipant(tx, session, uid);
    await lockParticipant(tx, p.id);
    assertEditable(p);
    await setExposures(tx, p.id, {
      exposures: input.exposures,
      occupationalHistory: input.occupationalHistory,
    });
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: p.clinicId,
      action: 'mcu.exposures.save',
      entity: 'mcuParticipant',
      entityId: p.uid,
      patientId: p.patientId,
      ip,
      detail: { exposures: input.exposures.map((e) => `${e.group}:${e.agent}`) },
    });
    return {
      exposures: input.exposures,
      occupationalHistory: input.occupationalHistory,
      suggestedTests: suggestedTests(input.exposures, stationsOf(p)),
    };
  });
}
