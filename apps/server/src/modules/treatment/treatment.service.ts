import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { Paged } from '@klinikita/domain/common/paged';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import {
  SERVICE_EVENTS,
  type ServicePerformed,
  type ServiceVoided,
} from '@klinikita/domain/services/service-performed.events';
import type {
  TreatmentOptions,
  TreatmentVisit,
  TreatmentVisitItem,
  treatmentProcedureCreateSchema,
  treatmentWorklistQuerySchema,
} from '@klinikita/domain/treatment/treatment.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { orderForDesk } from '../consultations/consultations.service.ts';
import { itemsOfText } from '../lab-results/lab-results.order.ts';
import { scopedRegistration } from '../registrations/registrations.service.ts';
import { type StoredConsumable, toTreatmentProcedure } from './treatment.mapper.ts';
import {
  clinicStaff,
  drugsOfCorporate,
  drugUids,
  icd9Code,
  insertProcedure,
  lockVisit,
  procedureByKey,
  procedureByUid,
  procedureServices,
  proceduresOfVisit,
  registrationUidOf,
  treatmentWorklist,
  voidProcedure,
} from './treatment.queries.ts';

/**
 * The treatment room (issue 16 §4). Access first: the visit is of the caller's corporate (404)
 * and clinics (403) and a treatment visit (409). A procedure is recorded once per request key,
 * voided with a reason and never deleted; each one emits `service.performed` (inventory takes
 * its consumables from stock once it exists).
 */

type TreatmentVisitRow = Awaited<ReturnType<typeof scopedRegistration>>;
type WorklistQuery = z.output<typeof treatmentWorklistQuerySchema>;
type ProcedureInput = z.output<typeof treatmentProcedureCreateSchema>;

const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `treatment.api.${key}`, params);

export async function listTreatmentVisits(
  db: Db,
  session: AuthSession,
  q: WorklistQuery,
): Promise<Paged<TreatmentVisitItem>> {
  const clinic = clinicOf(session, q.clinicId);
  const day = q.date ?? clinicDay(clinic.timeZone);
  const { total, rows } = await treatmentWorklist(db, {
    clinicId: clinic.id,
    day,
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

async function scopedTreatmentVisit(db: Executor, session: AuthSession, uid: string) {
  const visit = await scopedRegistration(db, session, uid);
  if (visit.orderType !== 'service' || visit.serviceType !== 'TREATMENT')
    throw refuse(409, 'notTreatmentVisit', { queueNumber: visit.queueNumber });
  return visit;
}

async function present(db: Executor, visit: TreatmentVisitRow): Promise<TreatmentVisit> {
  const order = visit.serviceOrderUid ? await orderForDesk(db, visit.serviceOrderUid) : null;
  const rows = await proceduresOfVisit(db, visit.id);
  const drugIds = rows.flatMap((r) => (r.consumables as StoredConsumable[]).map((c) => c.drugId ?? 0));
  const uids = await drugUids(db, [...new Set(drugIds.filter(Boolean))]);
  return {
    registrationId: visit.uid,
    clinicId: visit.clinicId,
    queueNumber: visit.queueNumber,
    status: visit.status,
    patient: {
      uid: visit.patient.uid,
      name: visit.patient.name,
      mrn: visit.patient.mrn,
      allergies: visit.patient.allergies,
    },
    order: {
      doctorName: order?.doctorName ?? (order ? null : visit.referrer),
      clinicName: order?.clinicName ?? null,
      diagnosis: order?.diagnosis ?? null,
      note: order?.note ?? null,
      items: order ? [...order.items] : itemsOfText(visit.complaint),
    },
    procedures: rows.map((r) => toTreatmentProcedure(r, uids)),
  };
}

export async function getTreatmentVisit(db: Db, session: AuthSession, uid: string): Promise<TreatmentVisit> {
  return present(db, await scopedTreatmentVisit(db, session, uid));
}

export async function getTreatmentOptions(
  db: Db,
  session: AuthSession,
  q: { clinicId: number },
): Promise<TreatmentOptions> {
  const clinic = clinicOf(session, q.clinicId);
  const [procedures, staff] = await Promise.all([
    procedureServices(db, session.corpId),
    clinicStaff(db, session.corpId, clinic.id),
  ]);
  return {
    procedures: procedures.map(({ id: _id, ...p }) => p),
    performers: staff.map(({ uid, name }) => ({ uid, name })),
  };
}

/** What the form names, each looked up in the caller's corporate and the visit's clinic (400 otherwise). */
async function resolveNames(
  tx: Executor,
  session: AuthSession,
  visit: TreatmentVisitRow,
  input: ProcedureInput,
) {
  const code = await icd9Code(tx, input.icd9Code);
  if (!code) throw refuse(400, 'icd9Unknown', { code: input.icd9Code });
  let service: Awaited<ReturnType<typeof procedureServices>>[number] | null = null;
  if (input.serviceUid) {
    service = (await procedureServices(tx, visit.corpId)).find((s) => s.uid === input.serviceUid) ?? null;
    if (!service) throw refuse(400, 'serviceUnknown');
  }
  let performedBy = session.userId;
  if (input.performerUid) {
    const staff = (await clinicStaff(tx, visit.corpId, visit.clinicId)).find(
      (u) => u.uid === input.performerUid,
    );
    if (!staff) throw refuse(400, 'performerUnknown');
    performedBy = staff.id;
  }
  const wanted = [...new Set(input.consumables.flatMap((c) => (c.drugUid ? [c.drugUid] : [])))];
  const found = new Map((await drugsOfCorporate(tx, visit.corpId, wanted)).map((d) => [d.uid, d.id]));
  const missing = input.consumables.find((c) => c.drugUid && !found.has(c.drugUid));
  if (missing) throw refuse(400, 'drugUnknown', { name: missing.name });
  const consumables: StoredConsumable[] = input.consumables.map((c) => ({
    ...(c.drugUid ? { drugId: found.get(c.drugUid) } : {}),
    name: c.name,
    quantity: c.quantity,
    unit: c.unit,
  }));
  return { code, service, performedBy, consumables };
}

function audit(
  tx: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  visit: TreatmentVisitRow,
  uid: string,
  detail: unknown,
) {
  return writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'treatmentProcedure',
    entityId: uid,
    patientId: visit.patientId,
    ip,
    detail,
  });
}

/**
 * Records a procedure done on the visit, with its ICD-9-CM code, catalogue item, performer and
 * consumables; `service.performed` goes out in the same transaction. The same request key
 * answers the visit as it is and records nothing.
 */
export function recordTreatmentProcedure(
  db: Db,
  session: AuthSession,
  uid: string,
  input: ProcedureInput,
  ip: string,
): Promise<TreatmentVisit> {
  return db.transaction(async (tx) => {
    const visit = await scopedTreatmentVisit(tx, session, uid);
    await lockVisit(tx, visit.id);
    if (await procedureByKey(tx, visit.id, input.requestKey)) return present(tx, visit);
    if (visit.status === 'Cancelled') throw refuse(409, 'visitCancelled', { queueNumber: visit.queueNumber });
    const { code, service, performedBy, consumables } = await resolveNames(tx, session, visit, input);
    const procedureUid = newUid();
    const performedAt = new Date();
    await insertProcedure(tx, {
      uid: procedureUid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      registrationId: visit.id,
      serviceId: service?.id ?? null,
      icd9Code: code.code,
      name: service?.nameId ?? code.titleId,
      consumables,
      notes: input.notes,
      performedBy,
      performedAt,
      requestKey: input.requestKey,
      createdBy: session.userId,
    });
    const payload: ServicePerformed = {
      registrationId: visit.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
      serviceType: 'TREATMENT',
      serviceCodes: service ? [service.code] : [],
      icd9Codes: [code.code],
      sourceUid: procedureUid,
      performedBy,
      performedAt: performedAt.toISOString(),
    };
    await emit(tx, {
      type: SERVICE_EVENTS.performed,
      aggregateType: 'treatmentProcedure',
      aggregateId: procedureUid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    // the ordering doctor's screen, at the clinic that ordered it, refetches too
    const ordering = visit.serviceOrderUid ? await orderForDesk(tx, visit.serviceOrderUid) : null;
    for (const clinicId of new Set([visit.clinicId, ordering?.clinicId ?? visit.clinicId]))
      await publishEvent(tx, { clinicId, type: SERVICE_EVENTS.performed, id: visit.uid });
    await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
    await audit(tx, session, ip, 'treatment.procedure.record', visit, procedureUid, {
      icd9: code.code,
      service: service?.code ?? null,
      consumables: consumables.length,
    });
    return present(tx, visit);
  });
}

/** Voids a procedure with its reason: it stays on the visit, marked; a second void is refused. */
export function voidTreatmentProcedure(
  db: Db,
  session: AuthSession,
  uid: string,
  input: { reason: string },
  ip: string,
): Promise<TreatmentVisit> {
  return db.transaction(async (tx) => {
    // another corporate's or clinic's procedure is not there for the caller
    const found = await procedureByUid(tx, uid);
    if (!found || found.corpId !== session.corpId || !session.clinicIds.includes(found.clinicId))
      throw new AppError(404, 'api.notFound');
    const visit = await scopedTreatmentVisit(tx, session, await registrationUidOf(tx, found.registrationId));
    await lockVisit(tx, visit.id);
    const procedure = await procedureByUid(tx, uid);
    if (!procedure || procedure.voidedAt) throw refuse(409, 'alreadyVoided');
    await voidProcedure(tx, procedure.id, session.userId, input.reason);
    const payload: ServiceVoided = {
      registrationId: visit.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      patientId: visit.patientId,
      serviceType: 'TREATMENT',
      sourceUid: procedure.uid,
      reason: input.reason,
      voidedBy: session.userId,
      voidedAt: new Date().toISOString(),
    };
    await emit(tx, {
      type: SERVICE_EVENTS.voided,
      aggregateType: 'treatmentProcedure',
      aggregateId: procedure.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    await publishEvent(tx, { clinicId: visit.clinicId, type: SERVICE_EVENTS.performed, id: visit.uid });
    await publishEvent(tx, { clinicId: visit.clinicId, type: REGISTRATION_EVENTS.updated, id: visit.uid });
    await audit(tx, session, ip, 'treatment.procedure.void', visit, procedure.uid, { reason: input.reason });
    return present(tx, visit);
  });
}
