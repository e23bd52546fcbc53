import type {
  PatientTreatmentProcedure,
  TreatmentVisit,
  TreatmentVisitItem,
} from '@klinikita/domain/treatment/treatment.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, roles, treatmentProcedures, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * The procedures of a patient, back on the ordering doctor's screen and in the record: dokter
 * (Menteng) orders a wound dressing, the treatment room records it with its consumables (and a
 * wrong entry, voided); Menteng reads it, Surabaya and another corporate do not.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  const other = await addForeignCorporate(db);
  const [doctorRole] = await db
    .insert(roles)
    .values({ uid: newUid(), corpId: other.corpId, name: 'Doctor', builtIn: true })
    .returning();
  await grantMenus(db, doctorRole.id, ['doctor', 'emr']);
  const passwordHash = await hashPassword('rahasia123');
  await db.insert(users).values([
    {
      uid: newUid(),
      username: 'doktersurabaya',
      passwordHash,
      name: 'Dokter Surabaya',
      roleId: dokter.roleId,
      corpId: dokter.corpId,
      clinicId: 12,
    },
    {
      uid: newUid(),
      username: 'dokterlain',
      passwordHash,
      name: 'Dokter Lain',
      roleId: doctorRole.id,
      corpId: other.corpId,
      clinicId: 20,
    },
  ]);
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'perawat', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  for (const u of ['doktersurabaya', 'dokterlain']) tokens[u] = await loginAs(ctx.app, u, 'rahasia123');
});
afterAll(() => ctx.close());

/** dokter signs a note ordering a wound dressing; the TREATMENT visit it became. */
async function orderedTreatment() {
  const created = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: 'Pasien Rawat Luka',
    sex: 'M',
    dob: '04/07/1982',
    nik: '3171060407820031',
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const patient = json(created).data as { uid: string; mrn: string };
  const reg = json(
    await call('POST', '/registrations/registrations', 'pendaftaran', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      payerType: 'self',
      complaint: 'Luka robek di lengan',
    }),
  ).data;
  await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id }),
  ).data;
  const saved = await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: null, diastolic: null, pulse: null, respiratoryRate: null, temperature: null, spo2: null },
    ...{ weight: null, height: null, subjective: 'Luka', objective: null, assessment: null, plan: null },
    diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
    procedures: [],
    prescription: [],
    orders: [{ serviceType: 'TREATMENT', items: ['Perawatan luka'], note: null }],
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  const list = await call('GET', `/treatment/visits?clinicId=10&search=${patient.mrn}`, 'perawat');
  const [visit] = (json(list).data as { docs: TreatmentVisitItem[] }).docs;
  return { patient, visitId: visit.registrationId };
}

describe('a patient’s procedures for the doctor and the record', () => {
  let ordered: Awaited<ReturnType<typeof orderedTreatment>>;
  const url = () => `/treatment/patients/${ordered.patient.uid}/procedures`;
  const procedures = async (who: string) => {
    const res = await call('GET', url(), who);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as PatientTreatmentProcedure[];
  };

  beforeAll(async () => {
    ordered = await orderedTreatment();
    const record = (requestKey: string, icd9Code: string, extra: object = {}) =>
      call('POST', `/treatment/visits/${ordered.visitId}/procedures`, 'perawat', {
        requestKey,
        icd9Code,
        ...extra,
      });
    const done = await record('key-luka-0001', '93.94', {
      consumables: [{ name: 'Kasa steril', quantity: 2, unit: 'lembar' }],
      notes: 'Luka bersih, dibalut',
    });
    expect(done.statusCode, done.body).toBe(200);
    const wrong = await record('key-luka-0002', '93.94');
    const v = json(wrong).data as TreatmentVisit;
    const voided = await call('POST', `/treatment/procedures/${v.procedures[1].uid}/void`, 'perawat', {
      reason: 'Tercatat dua kali',
    });
    expect(voided.statusCode, voided.body).toBe(200);
  });

  it('lists what was done — code, name, who, when, consumables, notes — voided ones left out; audited', async () => {
    const list = await procedures('dokter');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      registrationId: ordered.visitId,
      icd9Code: '93.94',
      performedBy: 'Siti Nurhaliza',
      consumables: [{ name: 'Kasa steril', quantity: 2, unit: 'lembar' }],
      notes: 'Luka bersih, dibalut',
    });
    expect(list[0].clinicName).toBeTruthy();
    expect(Date.parse(list[0].performedAt)).not.toBeNaN();
    const [patient] = await ctx.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.uid, ordered.patient.uid));
    const reads = await ctx.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.read'), eq(auditLog.patientId, patient.id)));
    expect(reads.map((r) => r.detail)).toContainEqual({ treatmentProcedures: [list[0].uid] });
  });

  it('shows a procedure done at another clinic to the clinic that ordered it, not to a third', async () => {
    const db = ctx.database.db;
    const [p] = await procedures('dokter');
    // done at Cikarang's treatment room for Menteng's order
    await db.update(treatmentProcedures).set({ clinicId: 11 }).where(eq(treatmentProcedures.uid, p.uid));
    expect((await procedures('dokter')).map((x) => x.uid)).toEqual([p.uid]);
    expect(await procedures('doktersurabaya')).toEqual([]);
    await db.update(treatmentProcedures).set({ clinicId: 10 }).where(eq(treatmentProcedures.uid, p.uid));
  });

  it('is the clinical readers’ of the corporate: no record menu 403, another corporate 404', async () => {
    expect((await call('GET', url(), 'kasir')).statusCode).toBe(403);
    expect((await call('GET', url(), 'pendaftaran')).statusCode).toBe(403);
    expect((await call('GET', url(), 'dokterlain')).statusCode).toBe(404);
    expect((await call('GET', '/treatment/patients/no-such-patient/procedures', 'dokter')).statusCode).toBe(
      404,
    );
  });
});
