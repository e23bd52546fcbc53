import type { McuEventQuery, McuEventSaveInput } from '@klinikita/domain/mcu/mcu-events.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, pageOf } from '../../shared/sql.ts';
import { emptyProgress, progressByEvent, toEvent } from './mcu-events.mapper.ts';
import {
  type EventRow,
  eventPackages,
  findEvent,
  findEventById,
  hasParticipants,
  insertEvent,
  mcuPackagesByUid,
  pageEvents,
  progressOf,
  replaceEventPackages,
  updateEvent,
} from './mcu-events.queries.ts';
import { companyByUid } from './mcu-packages.queries.ts';

/**
 * A company's MCU events (issue 20 §2): at an MCU site of the caller's, the package of each job
 * group; listed with their participants' progress. Another corporate's event is not found; an
 * event at a site outside the caller's clinics is refused.
 */

export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
) => new AppError(status, `mcuSetup.${key}`, params, field ? [{ path: field, key: `mcuSetup.${key}` }] : []);

/** The caller's event (locked when asked): 404 for another corporate's, 403 outside the caller's sites. */
export async function scopedEvent(db: Executor, session: AuthSession, uid: string, lock = false) {
  const row = await findEvent(db, session.corpId, uid, lock);
  if (!row) throw refuse(404, 'eventNotFound');
  assertClinicInScope(session, row.clinicId);
  return row;
}

export async function eventAnswer(db: Executor, row: EventRow) {
  const [packages, progress] = await Promise.all([eventPackages(db, [row.id]), progressOf(db, [row.id])]);
  return toEvent(row, packages, progressByEvent(progress).get(row.id) ?? emptyProgress());
}

export async function listEvents(db: Db, session: AuthSession, q: McuEventQuery) {
  if (q.clinicId !== undefined) assertClinicInScope(session, q.clinicId);
  let companyId: number | undefined;
  if (q.companyUid) {
    const company = await companyByUid(db, session.corpId, q.companyUid);
    if (!company) return pageOf([], 0, q);
    companyId = company.id;
  }
  const { rows, total } = await pageEvents(db, {
    corpId: session.corpId,
    clinicIds: session.clinicIds,
    companyId,
    clinicId: q.clinicId,
    status: q.status,
    search: q.search,
    page: q.page,
    limit: q.limit,
  });
  const ids = rows.map((r) => r.id);
  const [packages, progress] = await Promise.all([eventPackages(db, ids), progressOf(db, ids)]);
  const byEvent = progressByEvent(progress);
  return pageOf(
    rows.map((r) => toEvent(r, packages, byEvent.get(r.id) ?? emptyProgress())),
    total,
    q,
  );
}

export async function getEvent(db: Db, session: AuthSession, uid: string) {
  return eventAnswer(db, await scopedEvent(db, session, uid));
}

/** The input checked against the corporate: an MCU site in scope, the company, the packages. */
async function resolveSave(db: Executor, session: AuthSession, input: McuEventSaveInput) {
  const clinic = clinicOf(session, input.clinicId);
  if (!clinic.mcuSite) throw refuse(400, 'notMcuSite', { clinic: clinic.name }, 'clinicId');
  const company = await companyByUid(db, session.corpId, input.companyUid);
  if (!company) throw refuse(404, 'companyNotFound', {}, 'companyUid');
  const packageIds = await mcuPackagesByUid(
    db,
    session.corpId,
    input.packages.map((p) => p.packageUid),
  );
  const packages = input.packages.map((p, i) => {
    const packageId = packageIds.get(p.packageUid);
    if (!packageId)
      throw new AppError(400, 'api.validation', {}, [
        { path: `packages.${i}.packageUid`, key: 'mcuSetup.packageNotFound' },
      ]);
    return { jobGroup: p.jobGroup, packageId };
  });
  return { clinic, company, packages };
}

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  uid: string,
  clinicId: number,
  detail?: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action,
    entity: 'mcu_event',
    entityId: uid,
    ip,
    detail,
  });
}

export async function createEvent(db: Db, session: AuthSession, input: McuEventSaveInput, ip: string) {
  return db.transaction(async (tx) => {
    const { clinic, company, packages } = await resolveSave(tx, session, input);
    if (!company.active) throw refuse(409, 'companyInactive', {}, 'companyUid');
    const uid = newUid();
    const { id } = await insertEvent(tx, {
      uid,
      corpId: session.corpId,
      clinicId: clinic.id,
      companyId: company.id,
      name: input.name,
      examType: input.examType,
      startDate: input.startDate,
      endDate: input.endDate,
      status: input.status,
      createdBy: session.userId,
    });
    await replaceEventPackages(tx, id, packages);
    await audit(tx, session, ip, 'mcu.event.create', uid, clinic.id, {
      name: input.name,
      company: company.uid,
    });
    const row = await findEventById(tx, id);
    return eventAnswer(tx, row!);
  });
}

export async function editEvent(
  db: Db,
  session: AuthSession,
  uid: string,
  input: McuEventSaveInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const event = await scopedEvent(tx, session, uid, true);
    const { clinic, company, packages } = await resolveSave(tx, session, input);
    if (
      (company.id !== event.companyId || clinic.id !== event.clinicId) &&
      (await hasParticipants(tx, event.id))
    )
      throw refuse(409, 'eventHasParticipants');
    await updateEvent(tx, event.id, {
      clinicId: clinic.id,
      companyId: company.id,
      name: input.name,
      examType: input.examType,
      startDate: input.startDate,
      endDate: input.endDate,
      status: input.status,
    });
    await replaceEventPackages(tx, event.id, packages);
    await audit(tx, session, ip, 'mcu.event.update', uid, clinic.id, {
      name: input.name,
      status: input.status,
    });
    return eventAnswer(tx, (await findEventById(tx, event.id))!);
  });
}
