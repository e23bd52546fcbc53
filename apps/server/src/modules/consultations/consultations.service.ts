import { createHash } from 'node:crypto';
import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import {
  ENCOUNTER_EVENTS,
  type EncounterFinished,
} from '@klinikita/domain/consultations/consultation.events';
import type {
  Encounter,
  EncounterContent,
  EncounterSaveInput,
} from '@klinikita/domain/consultations/encounter.schema';
import { hasRacikan } from '@klinikita/domain/pharmacy/pharmacy.rules';
import {
  EXAMINATION_GROUP,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import type { Db } from '../../db/client.ts';
import { publishEvent } from '../../events/live-events.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinical } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { type EncounterExtras, toEncounter } from './consultations.mapper.ts';
import {
  activeDrugUids,
  addendaOf,
  type EncounterRow,
  findEncounter,
  findEncounterByRegistration,
  findServiceOrders,
  findVisit,
  insertAddendum,
  insertEncounter,
  insertPrescription,
  insertServiceOrder,
  knownCodes,
  lettersOf,
  lockEncounter,
  moveVisit,
  prescriptionsOf,
  saveDraft,
  serviceOrdersOf,
  signEncounter,
} from './consultations.queries.ts';

/**
 * The examination note (encounter): open, read, save, finish, addendum. The record (EMR) is in
 * records.service.ts, the doctor's templates in templates.service.ts.
 */

export const refuse = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, `consultations.${key}`, params);

/** Only the treating clinic's clinical roles read a record (Permenkes 24/2022: access on a need basis). */

/** Writes the audit row of an act on a note (or, with `entity`, on a patient's record). */
export async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  row: { uid: string; clinicId: number | null; patientId: number },
  entity = 'encounter',
  detail?: unknown,
) {
  await writeAudit(db as Db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity,
    entityId: row.uid,
    patientId: row.patientId,
    ip,
    detail,
  });
}

/** The addenda, orders, prescriptions and letters of the given encounters. */
export async function extrasOf(db: Executor, ids: number[]): Promise<EncounterExtras> {
  const [addenda, orders, prescriptions, letters] = await Promise.all([
    addendaOf(db, ids),
    serviceOrdersOf(db, ids),
    prescriptionsOf(db, ids),
    lettersOf(db, ids),
  ]);
  return { addenda, orders, prescriptions, letters };
}

/** The encounter with its addenda, orders, prescription and letters, as the API answers it. */
export async function presentEncounter(db: Executor, row: EncounterRow): Promise<Encounter> {
  return toEncounter(row, await extrasOf(db, [row.id]));
}

/** An encounter as the API answers it, or null (the letters module prints it; it checks the scope itself). */
export async function encounterByUid(db: Executor, uid: string): Promise<Encounter | null> {
  const row = await findEncounter(db, uid);
  return row ? presentEncounter(db, row) : null;
}

/**
 * Doctors' orders as the desk performing them reads them, by uid: the items and note, the ordering
 * doctor and clinic, the note's diagnoses as one line (primary first). The caller has checked its
 * own scope on the visits the orders became; an unknown uid is left out.
 */
export async function ordersForDesk(db: Executor, orderUids: readonly string[]) {
  const rows = await findServiceOrders(db, [...new Set(orderUids)]);
  return new Map(
    rows.map((row) => {
      const diagnoses = [...row.diagnoses].sort((a, b) => Number(b.primary) - Number(a.primary));
      const order = {
        clinicId: row.clinicId,
        clinicName: row.clinicName,
        doctorName: row.doctorName ?? null,
        items: row.items,
        note: row.note,
        diagnosis: diagnoses.map((d) => `${d.code} ${d.title}`).join('; ') || null,
      };
      return [row.uid, order];
    }),
  );
}

/** One order as the desk reads it (see `ordersForDesk`); null when there is no such order. */
export async function orderForDesk(db: Executor, orderUid: string) {
  return (await ordersForDesk(db, [orderUid])).get(orderUid) ?? null;
}

/** The encounter if the session may read it: same corporate, a clinic of the user's, a clinical role. */
async function scopedEncounter(db: Executor, session: AuthSession, uid: string) {
  assertClinical(session);
  const row = await findEncounter(db, uid);
  if (!row || row.corpId !== session.corpId) throw refuse(404, 'notFound');
  if (!session.clinicIds.includes(row.clinicId)) throw forbidden('api.clinicForbidden');
  return row;
}

/**
 * Opens the note of a doctor visit: the draft is made the first time (the complaint told at the
 * front office becomes the subjective part), the same note is returned after.
 */
export async function openEncounter(db: Db, session: AuthSession, registrationUid: string, ip: string) {
  assertClinical(session);
  return db.transaction(async (tx) => {
    const registration = await findVisit(tx, { uid: registrationUid });
    if (!registration || registration.corpId !== session.corpId) throw refuse(404, 'registrationNotFound');
    if (!session.clinicIds.includes(registration.clinicId)) throw forbidden('api.clinicForbidden');
    if (registration.orderType !== 'doctor') throw refuse(409, 'notDoctorVisit');
    let row = await findEncounterByRegistration(tx, registration.id);
    if (!row) {
      if (!(EXAMINATION_GROUP as readonly string[]).includes(registration.status))
        throw refuse(409, 'notCalled', {
          queueNumber: registration.queueNumber,
          status: registration.status,
        });
      await insertEncounter(tx, {
        uid: newUid(),
        corpId: registration.corpId,
        clinicId: registration.clinicId,
        patientId: registration.patientId,
        registrationId: registration.id,
        doctorId: registration.doctorId,
        subjective: registration.complaint,
        createdBy: session.userId,
      });
      row = await findEncounterByRegistration(tx, registration.id);
    }
    if (!row) throw refuse(404, 'notFound');
    await audit(tx, session, ip, 'encounter.open', row);
    return presentEncounter(tx, row);
  });
}

export async function readEncounter(db: Db, session: AuthSession, uid: string, ip: string) {
  const row = await scopedEncounter(db, session, uid);
  await audit(db, session, ip, 'record.read', row);
  return presentEncounter(db, row);
}

/** Codes and drugs a note names must exist: the screen picks them, an API client might not. */
async function checkReferences(db: Executor, session: AuthSession, content: EncounterContent) {
  const fields: { path: string; key: string }[] = [];
  const icd10 = await knownCodes(
    db,
    'icd10',
    content.diagnoses.map((d) => d.code),
  );
  content.diagnoses.forEach((d, i) => {
    if (!icd10.has(d.code)) fields.push({ path: `diagnoses.${i}.code`, key: 'consultations.codeUnknown' });
  });
  const icd9 = await knownCodes(
    db,
    'icd9cm',
    content.procedures.map((p) => p.code),
  );
  content.procedures.forEach((p, i) => {
    if (!icd9.has(p.code)) fields.push({ path: `procedures.${i}.code`, key: 'consultations.codeUnknown' });
  });
  const drugIds = content.prescription.flatMap((p) => [p.drugId, ...p.ingredients.map((g) => g.drugId)]);
  const known = await activeDrugUids(
    db,
    session.corpId,
    drugIds.filter((id): id is string => Boolean(id)),
  );
  content.prescription.forEach((p, i) => {
    if (p.drugId && !known.has(p.drugId))
      fields.push({ path: `prescription.${i}.drugId`, key: 'consultations.drugUnknown' });
    p.ingredients.forEach((g, j) => {
      if (g.drugId && !known.has(g.drugId))
        fields.push({ path: `prescription.${i}.ingredients.${j}.drugId`, key: 'consultations.drugUnknown' });
    });
  });
  if (fields.length) throw new AppError(400, 'api.validation', {}, fields);
}

/** Saves the draft the doctor is typing; refused once signed or when another tab saved meanwhile. */
export async function saveEncounter(
  db: Db,
  session: AuthSession,
  uid: string,
  input: EncounterSaveInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const row = await scopedEncounter(tx, session, uid);
    if (row.status === 'signed') throw refuse(409, 'signed');
    const { version, ...content } = input;
    await checkReferences(tx, session, content);
    const saved = await saveDraft(tx, row.id, version, content);
    if (!saved) {
      const now = await lockEncounter(tx, row.id);
      throw refuse(409, now?.status === 'signed' ? 'signed' : 'staleDraft');
    }
    await audit(tx, session, ip, 'encounter.save', row);
    return presentEncounter(tx, (await findEncounter(tx, uid))!);
  });
}

const contentHash = (row: EncounterRow) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        row.systolic,
        row.diastolic,
        row.pulse,
        row.respiratoryRate,
        row.temperature,
        row.spo2,
        row.weight,
        row.height,
        row.subjective,
        row.objective,
        row.assessment,
        row.plan,
        row.diagnoses,
        row.procedures,
        row.prescription,
        row.orders,
        row.referral,
      ]),
    )
    .digest('hex');

/**
 * Finishes the examination in one transaction: signs the note, sends the prescription to the
 * pharmacy, turns each order into a service registration in today's queue, writes the referral
 * letter, and moves the visit Examination → Exam Done → Prescription Waiting (or Payment).
 */
export async function finishEncounter(
  db: Db,
  session: AuthSession,
  uid: string,
  version: number,
  ip: string,
) {
  if (!session.doctorId) throw forbidden('consultations.doctorOnly');
  return db.transaction(async (tx) => {
    const found = await scopedEncounter(tx, session, uid);
    const locked = await lockEncounter(tx, found.id);
    if (!locked) throw refuse(404, 'notFound');
    if (locked.status === 'signed') throw refuse(409, 'signed');
    if (locked.version !== version) throw refuse(409, 'staleDraft');
    const row = (await findEncounter(tx, uid))!;
    if (row.diagnoses.filter((d) => d.primary).length !== 1)
      throw new AppError(400, 'consultations.primaryRequired', {}, [
        { path: 'diagnoses', key: 'consultations.primaryRequired' },
      ]);

    const registration = (await findVisit(tx, { id: row.registrationId }))!;
    if (registration.status !== 'Examination')
      throw refuse(409, 'notInExamination', {
        queueNumber: registration.queueNumber,
        status: registration.status,
      });
    const next: RegistrationStatus = row.prescription.length ? 'Prescription Waiting' : 'Payment';
    const moved =
      (await moveVisit(tx, registration.id, 'Examination', 'Exam Done')) &&
      (await moveVisit(tx, registration.id, 'Exam Done', next));
    if (!moved)
      throw refuse(409, 'notInExamination', { queueNumber: registration.queueNumber, status: 'Exam Done' });

    const prescriptionUid = row.prescription.length ? newUid() : null;
    if (prescriptionUid) {
      await insertPrescription(tx, {
        uid: prescriptionUid,
        corpId: row.corpId,
        clinicId: row.clinicId,
        patientId: row.patientId,
        encounterId: row.id,
        registrationId: registration.id,
        doctorId: row.doctorId,
        items: row.prescription,
        racikan: hasRacikan(row.prescription),
      });
    }
    // the orders are the note's; the service desks take them in from the event
    const orders = row.orders.map((order) => ({
      uid: newUid(),
      serviceType: order.serviceType,
      items: order.items,
      note: order.note ?? null,
    }));
    for (const order of orders)
      await insertServiceOrder(tx, {
        ...order,
        clinicId: row.clinicId,
        patientId: row.patientId,
        encounterId: row.id,
      });
    await signEncounter(tx, row.id, session.userId, contentHash(row));
    await audit(tx, session, ip, 'encounter.finish', row, 'encounter', {
      next,
      orders: row.orders.map((o) => o.serviceType),
      prescriptionItems: row.prescription.length,
    });
    await publishEvent(tx, {
      clinicId: row.clinicId,
      type: REGISTRATION_EVENTS.updated,
      id: registration.uid,
    });
    const finished: EncounterFinished = {
      encounterUid: row.uid,
      encounterId: row.id,
      registrationUid: registration.uid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      patientId: row.patientId,
      patientUid: row.patient.uid,
      doctorId: row.doctorId,
      doctorName: row.doctorName ?? null,
      actor: { userId: session.userId, ip },
      payer: {
        payerType: registration.payerType,
        companyId: registration.companyId,
        insuranceName: registration.insuranceName,
        insuranceNumber: registration.insuranceNumber,
      },
      orders,
      referral: row.referral ?? null,
      prescriptionUid,
      nextStatus: next,
    };
    await emit(tx, {
      type: ENCOUNTER_EVENTS.finished,
      aggregateType: 'encounter',
      aggregateId: row.uid,
      corpId: row.corpId,
      clinicId: row.clinicId,
      payload: finished,
    });
    return {
      encounter: await presentEncounter(tx, (await findEncounter(tx, uid))!),
      nextStatus: next,
    } as const;
  });
}

/** A correction or addition to a signed note, by a doctor; the signed note stays as it was. */
export async function addAddendum(db: Db, session: AuthSession, uid: string, text: string, ip: string) {
  if (!session.doctorId) throw forbidden('consultations.doctorOnly');
  return db.transaction(async (tx) => {
    const row = await scopedEncounter(tx, session, uid);
    if (row.status !== 'signed') throw refuse(409, 'notSigned');
    await insertAddendum(tx, { uid: newUid(), encounterId: row.id, text, createdBy: session.userId });
    await audit(tx, session, ip, 'encounter.addendum', row);
    return presentEncounter(tx, row);
  });
}

export const isAllAccess = (session: AuthSession) => ALL_ACCESS_ROLES.includes(session.roleName);
