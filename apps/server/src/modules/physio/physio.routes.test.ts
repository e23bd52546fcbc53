import type { PhysioProgramme, PhysioVisit } from '@klinikita/domain/physio/physio.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  domainEvents,
  patients,
  physioProgrammes,
  physioSessions,
  registrations,
  roles,
  users,
} from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Physiotherapy the way the desk gets it: a doctor's physio order becomes a PHYSIO visit, the
 * nurse (physio menu) assesses and opens a programme of N sessions, notes a session per visit
 * (the front office registers the next ones), re-evaluates and completes it; the front office
 * reads the sessions left.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  dokterId = (await userByName(db, 'dokter')).doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['physio']);
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'perawat', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

let nikSerial = 6100;
async function newPatient() {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Fisio ${nikSerial}`,
    sex: 'F',
    dob: '02/05/1970',
    nik: `317106020570${String(nikSerial++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { uid: string; mrn: string };
}

async function register(body: object) {
  const res = await call('POST', '/registrations/registrations', 'pendaftaran', body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { _id: string };
}

/** dokter signs a note ordering physiotherapy; the PHYSIO visit it became. */
async function referredVisit() {
  const patient = await newPatient();
  const reg = await register({
    clinicId: 10,
    patientId: patient.uid,
    orderType: 'doctor',
    doctorId: dokterId,
    payerType: 'self',
    complaint: 'Nyeri pinggang',
  });
  await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id }),
  ).data;
  const saved = await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: null, diastolic: null, pulse: null, respiratoryRate: null, temperature: null, spo2: null },
    ...{
      weight: null,
      height: null,
      subjective: 'Nyeri pinggang',
      objective: null,
      assessment: null,
      plan: null,
    },
    diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
    procedures: [],
    prescription: [],
    orders: [
      { serviceType: 'PHYSIO', items: ['Fisioterapi per Sesi', 'TENS'], note: 'Nyeri punggung bawah' },
    ],
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  const list = await call(
    'GET',
    `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=10&serviceType=PHYSIO&search=${patient.mrn}`,
    'perawat',
  );
  const [visit] = json(list).data as { _id: string }[];
  return { patient, visitId: visit._id };
}

let dayBack = 0;
/** The next session's visit: the patient came back on another (earlier) day, sent by the front office. */
async function nextVisit(patientUid: string) {
  const db = ctx.database.db;
  const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.uid, patientUid));
  const [model] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.patientId, patient.id), eq(registrations.serviceType, 'PHYSIO')))
    .limit(1);
  const day = new Date(Date.now() - ++dayBack * 86_400_000).toISOString().slice(0, 10);
  const uid = newUid();
  const { id: _id, ...row } = model;
  await db
    .insert(registrations)
    .values({ ...row, uid, queueDate: day, serviceOrderUid: null, labDone: false });
  return uid;
}

const assessment = {
  diagnosis: 'Low back pain mekanik',
  assessment: {
    painScale: 7,
    rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 40 }],
    strength: [{ muscle: 'Erector spinae', grade: 3 }],
    function: 'Sulit membungkuk',
  },
  goals: 'Nyeri turun, kembali bekerja',
  plannedSessions: 3,
};
const sessionNote = { painBefore: 6, painAfter: 4, interventions: 'TENS 15 menit, latihan William' };

const visitOf = async (id: string, who = 'perawat') => {
  const res = await call('GET', `/physio/visits/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as PhysioVisit;
};
const performedEvents = async (source: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'service.performed'), eq(domainEvents.aggregateId, source)))
  )[0].n;

describe('a physiotherapy programme from the doctor’s referral to completion', () => {
  let first: Awaited<ReturnType<typeof referredVisit>>;

  beforeAll(async () => {
    first = await referredVisit();
  });

  it('shows the referral on the first visit, with no programme yet', async () => {
    const v = await visitOf(first.visitId);
    expect(v.order).toMatchObject({
      diagnosis: 'I10 Hipertensi',
      note: 'Nyeri punggung bawah',
      items: ['Fisioterapi per Sesi', 'TENS'],
    });
    expect(v.order.doctorName).toBeTruthy();
    expect(v.programme).toBeNull();
    const remaining = await call('GET', `/physio/patients/${first.patient.uid}/remaining`, 'pendaftaran');
    expect(json(remaining).data).toBeNull();
  });

  it('refuses an impossible assessment with the user’s language messages and creates nothing', async () => {
    const bad = {
      ...assessment,
      assessment: { ...assessment.assessment, painScale: 11, strength: [{ muscle: 'Quadriceps', grade: 6 }] },
      plannedSessions: 31,
    };
    const res = await call('POST', `/physio/visits/${first.visitId}/programme`, 'perawat', bad);
    expect(res.statusCode).toBe(400);
    const paths = (json(res).errors as { path: string; message: string }[]).map((e) => [e.path, e.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['assessment.painScale', 'Isi skala nyeri 0 sampai 10'],
        ['assessment.strength.0.grade', 'Isi nilai 0 sampai 5'],
        ['plannedSessions', 'Isi jumlah sesi 1 sampai 30'],
      ]),
    );
    expect((await visitOf(first.visitId)).programme).toBeNull();
  });

  it('opens the programme once: a retry answers the same programme', async () => {
    const [a, b] = await Promise.all([
      call('POST', `/physio/visits/${first.visitId}/programme`, 'perawat', assessment),
      call('POST', `/physio/visits/${first.visitId}/programme`, 'perawat', assessment),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const p = (json(a).data as PhysioVisit).programme!;
    expect((json(b).data as PhysioVisit).programme!.uid).toBe(p.uid);
    expect(p).toMatchObject({
      status: 'active',
      plannedSessions: 3,
      sessionsDone: 0,
      remaining: 3,
      referral: 'Fisioterapi per Sesi, TENS — Nyeri punggung bawah',
      assessment: { painScale: 7 },
    });
    // a second programme while one is active is refused from another visit
    const other = await nextVisit(first.patient.uid);
    const again = await call('POST', `/physio/visits/${other}/programme`, 'perawat', assessment);
    expect(again.statusCode).toBe(409);
  });

  it('notes one session per visit, numbered, emitting service.performed once', async () => {
    const [a, b] = await Promise.all([
      call('POST', `/physio/visits/${first.visitId}/session`, 'perawat', sessionNote),
      call('POST', `/physio/visits/${first.visitId}/session`, 'perawat', sessionNote),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const v = json(a).data as PhysioVisit;
    expect(v.session).toMatchObject({ sessionNumber: 1, painBefore: 6, painAfter: 4, kind: 'session' });
    expect(v.programme).toMatchObject({ sessionsDone: 1, remaining: 2 });
    const rows = await ctx.database.db
      .select({ n: count() })
      .from(physioSessions)
      .innerJoin(registrations, eq(registrations.id, physioSessions.registrationId))
      .where(eq(registrations.uid, first.visitId));
    expect(rows[0].n).toBe(1);
    expect(await performedEvents(v.session!.uid)).toBe(1);
    const [event] = await ctx.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, v.session!.uid));
    expect(event.payload).toMatchObject({
      registrationId: first.visitId,
      serviceType: 'PHYSIO',
      serviceCodes: ['FIS-SESI'],
    });
    // the therapy step of the visit is done
    const [reg] = await ctx.database.db
      .select({ labDone: registrations.labDone })
      .from(registrations)
      .where(eq(registrations.uid, first.visitId));
    expect(reg.labDone).toBe(true);
  });

  it('tells the front office the sessions left', async () => {
    const res = await call('GET', `/physio/patients/${first.patient.uid}/remaining`, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ plannedSessions: 3, sessionsDone: 1, remaining: 2 });
  });

  it('re-evaluates with new measures, then refuses a session beyond the plan, then completes', async () => {
    const second = await nextVisit(first.patient.uid);
    const re = await call('POST', `/physio/visits/${second}/session`, 'perawat', {
      ...sessionNote,
      kind: 'reevaluation',
      painBefore: 4,
      painAfter: 2,
      measures: {
        rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 60 }],
        strength: [],
        function: 'Membaik',
      },
    });
    expect(re.statusCode, re.body).toBe(200);
    const rv = json(re).data as PhysioVisit;
    expect(rv.session).toMatchObject({
      sessionNumber: 2,
      kind: 'reevaluation',
      rangeOfMotion: [{ degrees: 60 }],
    });
    const third = await nextVisit(first.patient.uid);
    expect((await call('POST', `/physio/visits/${third}/session`, 'perawat', sessionNote)).statusCode).toBe(
      200,
    );
    const fourth = await nextVisit(first.patient.uid);
    const over = await call('POST', `/physio/visits/${fourth}/session`, 'perawat', sessionNote);
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toContain('3 sesi');
    const closed = await call('POST', `/physio/visits/${fourth}/programme/close`, 'perawat', {
      status: 'completed',
    });
    expect(closed.statusCode).toBe(200);
    expect((json(closed).data as PhysioVisit).programme).toMatchObject({
      status: 'completed',
      sessionsDone: 3,
    });
    expect(
      json(await call('GET', `/physio/patients/${first.patient.uid}/remaining`, 'pendaftaran')).data,
    ).toBeNull();
  });

  it('keeps the desk to its own: no right, a non-physio visit, another corporate', async () => {
    expect((await call('GET', `/physio/visits/${first.visitId}`, 'kasir')).statusCode).toBe(403);
    expect((await call('GET', `/physio/visits/${first.visitId}`, 'adminlain')).statusCode).toBe(404);
    const lab = await register({
      clinicId: 10,
      patientId: first.patient.uid,
      orderType: 'service',
      serviceType: 'LAB',
      payerType: 'self',
    });
    expect((await call('GET', `/physio/visits/${lab._id}`, 'perawat')).statusCode).toBe(409);
  });
});

/**
 * Readers of the record besides dokter (clinic 10): a doctor of Surabaya (clinic 12) only, and a
 * doctor of the other corporate.
 */
async function addReaders() {
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  const other = await userByName(db, 'adminlain');
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
  tokens.doktersurabaya = await loginAs(ctx.app, 'doktersurabaya', 'rahasia123');
  tokens.dokterlain = await loginAs(ctx.app, 'dokterlain', 'rahasia123');
}

describe('the patient’s programmes on the doctor’s screen and in the record', () => {
  let referred: Awaited<ReturnType<typeof referredVisit>>;
  const url = () => `/physio/patients/${referred.patient.uid}/programmes`;
  const programmes = async (who: string) => {
    const res = await call('GET', url(), who);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as PhysioProgramme[];
  };

  beforeAll(async () => {
    await addReaders();
    referred = await referredVisit();
    const opened = await call('POST', `/physio/visits/${referred.visitId}/programme`, 'perawat', assessment);
    expect(opened.statusCode, opened.body).toBe(200);
    await call('POST', `/physio/visits/${referred.visitId}/session`, 'perawat', sessionNote);
    const again = await nextVisit(referred.patient.uid);
    await call('POST', `/physio/visits/${again}/session`, 'perawat', {
      kind: 'reevaluation',
      painBefore: 3,
      painAfter: 1,
      interventions: 'Latihan McKenzie',
      note: 'Membungkuk tanpa nyeri',
      measures: { rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 70 }], strength: [] },
    });
  });

  it('lists the programme with its sessions, pain before and after and the re-evaluation; audited', async () => {
    const [p, ...rest] = await programmes('dokter');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      status: 'active',
      registrationId: referred.visitId,
      diagnosis: 'Low back pain mekanik',
      plannedSessions: 3,
      sessionsDone: 2,
      remaining: 1,
    });
    expect(p.sessions).toMatchObject([
      { sessionNumber: 1, kind: 'session', painBefore: 6, painAfter: 4, registrationId: referred.visitId },
      {
        sessionNumber: 2,
        kind: 'reevaluation',
        painBefore: 3,
        painAfter: 1,
        note: 'Membungkuk tanpa nyeri',
        rangeOfMotion: [{ joint: 'Lumbal', movement: 'Fleksi', degrees: 70 }],
      },
    ]);
    const [patient] = await ctx.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.uid, referred.patient.uid));
    const reads = await ctx.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.read'), eq(auditLog.patientId, patient.id)));
    expect(reads.map((r) => r.detail)).toContainEqual({ physioProgrammes: [p.uid] });
  });

  it('shows a programme done at another clinic to the clinic that ordered it, not to a third', async () => {
    const db = ctx.database.db;
    const [p] = await programmes('dokter');
    // the programme run at Cikarang for Menteng's order
    await db.update(physioProgrammes).set({ clinicId: 11 }).where(eq(physioProgrammes.uid, p.uid));
    expect((await programmes('dokter')).map((x) => x.uid)).toEqual([p.uid]);
    expect(await programmes('doktersurabaya')).toEqual([]);
    await db.update(physioProgrammes).set({ clinicId: 10 }).where(eq(physioProgrammes.uid, p.uid));
  });

  it('is the clinical readers’ of the corporate: no record menu 403, another corporate 404', async () => {
    expect((await call('GET', url(), 'kasir')).statusCode).toBe(403);
    expect((await call('GET', url(), 'pendaftaran')).statusCode).toBe(403);
    expect((await call('GET', url(), 'dokterlain')).statusCode).toBe(404);
    expect((await call('GET', '/physio/patients/no-such-patient/programmes', 'dokter')).statusCode).toBe(404);
  });
});
