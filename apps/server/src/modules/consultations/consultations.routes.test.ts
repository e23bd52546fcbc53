import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  domainEvents,
  encounters,
  letters,
  prescriptions,
  registrations,
  serviceOrders,
} from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { seedDemoRecords } from '../../db/seed/encounters.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { aDrug, ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let corpId: number;
let paracetamol: string;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who?: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });

let nikSerial = 7000;
/** A new patient registered for dokter at clinic 10 today; answers the registration. */
async function visit(complaint = 'Batuk pilek 3 hari') {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Periksa ${nikSerial}`,
    sex: 'M',
    dob: '02/05/1979',
    nik: `317106020579${String(nikSerial++).padStart(4, '0')}`,
  });
  const res = await call('POST', '/registrations/registrations', 'pendaftaran', {
    clinicId: 10,
    patientId: json(patient).data.uid,
    orderType: 'doctor',
    doctorId: dokterId,
    payerType: 'self',
    complaint,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { _id: string; patient: { uid: string }; queueNumber: string };
}

const callIn = (uid: string) =>
  call('PATCH', `/registrations/registrations/${uid}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });

const EMPTY = {
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperature: null,
  spo2: null,
  weight: null,
  height: null,
  subjective: null,
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
};
const NOTE = {
  ...EMPTY,
  systolic: 150,
  diastolic: 95,
  pulse: 88,
  temperature: 37.8,
  weight: 70,
  height: 170,
  subjective: 'Batuk pilek 3 hari, demam ringan',
  objective: 'Faring hiperemis',
  assessment: 'ISPA',
  plan: 'Simtomatik, kontrol 3 hari',
  diagnoses: [
    { code: 'J06.9', title: 'ISPA', primary: true },
    { code: 'I10', title: 'Hipertensi', primary: false },
  ],
  procedures: [{ code: '93.94', title: 'Nebulisasi' }],
};
const prescriptionLine = () => ({
  kind: 'drug',
  drugId: paracetamol,
  name: 'Paracetamol 500 mg',
  dose: '1 tablet',
  frequency: '3x sehari',
  route: 'oral',
  durationDays: 3,
  quantity: 9,
  unit: 'tablet',
  instructions: 'Sesudah makan',
});

/** Called, opened and saved with `over`; answers the encounter after the save. */
async function noteFor(over: object = {}) {
  const registration = await visit();
  await callIn(registration._id);
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: registration._id }),
  );
  const saved = await call('PUT', `/consultations/encounters/${opened.data.uid}`, 'dokter', {
    ...NOTE,
    ...over,
    version: opened.data.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return { registration, encounter: json(saved).data };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['emr']);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'dokter', 'dokter2', 'perawat', 'lab', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  corpId = dokter.corpId;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  paracetamol = await aDrug(db, corpId);
});
afterAll(() => ctx.close());

describe('the demo', () => {
  it('puts a signed note behind every doctor visit seen today and a history behind the first ones', async () => {
    const db = ctx.database.db;
    const seen = await visit();
    await db.update(registrations).set({ status: 'Paid' }).where(eq(registrations.uid, seen._id));
    const inRoom = await visit();
    await db.update(registrations).set({ status: 'Examination' }).where(eq(registrations.uid, inRoom._id));
    await seedDemoRecords(db);
    const noteOf = async (uid: string) => {
      const [r] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.uid, uid));
      const [e] = await db.select().from(encounters).where(eq(encounters.registrationId, r.id));
      return e;
    };
    const signed = await noteOf(seen._id);
    expect(signed).toMatchObject({ status: 'signed' });
    expect(signed.diagnoses.filter((d) => d.primary)).toHaveLength(1);
    expect((await noteOf(inRoom._id)).status).toBe('draft');
    const today = clinicDay('Asia/Jakarta');
    const past = await db
      .select({ n: count() })
      .from(encounters)
      .innerJoin(registrations, eq(registrations.id, encounters.registrationId))
      .where(and(eq(encounters.clinicId, 10), lt(registrations.queueDate, today)));
    expect(past[0].n).toBeGreaterThanOrEqual(3);
    // a second start adds nothing
    expect(await seedDemoRecords(db)).toBe(0);
  });
});

describe('opening the note', () => {
  it('refuses a visit not yet called, then opens one draft with the complaint as the subjective part', async () => {
    const registration = await visit('Demam sejak kemarin');
    const early = await call('POST', '/consultations/encounters', 'dokter', {
      registrationId: registration._id,
    });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(
      `Pasien ${registration.queueNumber} belum dipanggil (status sekarang Menunggu)`,
    );

    expect((await callIn(registration._id)).statusCode).toBe(200);
    const first = await call('POST', '/consultations/encounters', 'dokter', {
      registrationId: registration._id,
    });
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({
      status: 'draft',
      version: 1,
      subjective: 'Demam sejak kemarin',
      doctor: { id: dokterId },
      registration: { uid: registration._id, status: 'Examination' },
      patient: { uid: registration.patient.uid },
      clinic: { id: 10 },
    });
    // two tabs: the same note
    const again = await call('POST', '/consultations/encounters', 'dokter', {
      registrationId: registration._id,
    });
    expect(json(again).data.uid).toBe(json(first).data.uid);
  });
});

describe('saving the draft', () => {
  it('saves the whole draft, bumps the version and computes the BMI; an old version gets 409', async () => {
    const { encounter } = await noteFor();
    expect(encounter).toMatchObject({ version: 2, systolic: 150, temperature: 37.8, bmi: 24.2 });
    expect(encounter.diagnoses).toHaveLength(2);
    const stale = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toMatch(/diubah di layar lain/);
    const read = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
    expect(read.version).toBe(2);
  });

  it('refuses implausible vitals, two primaries, unknown codes and drugs, changing nothing', async () => {
    const { encounter } = await noteFor();
    const bad = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      systolic: 1200,
      version: encounter.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toContainEqual({
      path: 'systolic',
      message: 'Tekanan sistolik harus 40–300 mmHg',
    });

    const twoPrimaries = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      diagnoses: NOTE.diagnoses.map((d) => ({ ...d, primary: true })),
      version: encounter.version,
    });
    expect(json(twoPrimaries).errors).toContainEqual({
      path: 'diagnoses',
      message: 'Hanya satu diagnosis utama',
    });

    const unknown = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      diagnoses: [{ code: 'Q99.99', title: 'x', primary: true }],
      prescription: [{ ...prescriptionLine(), drugId: '00000000-0000-0000-0000-000000000000' }],
      version: encounter.version,
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).errors).toEqual([
      { path: 'diagnoses.0.code', message: 'Kode tidak dikenal; pilih dari daftar' },
      { path: 'prescription.0.drugId', message: 'Obat tidak ada di master obat atau tidak aktif' },
    ]);

    const compound = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      prescription: [
        { ...prescriptionLine(), kind: 'compound', drugId: null, name: 'Racikan batuk', ingredients: [] },
      ],
      version: encounter.version,
    });
    expect(json(compound).errors?.map((e) => e.path)).toEqual(
      expect.arrayContaining(['prescription.0.ingredients', 'prescription.0.compoundForm']),
    );

    const read = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
    expect(read).toMatchObject({ version: encounter.version, systolic: 150, prescription: [] });
  });
});

describe('finishing the examination', () => {
  it('needs one primary diagnosis and a doctor', async () => {
    const { encounter } = await noteFor({
      diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: false }],
    });
    const none = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    expect(none.statusCode).toBe(400);
    expect(json(none).errors).toEqual([
      { path: 'diagnoses', message: 'Tentukan satu diagnosis utama sebelum menyelesaikan pemeriksaan' },
    ]);
    const nurse = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'perawat', {
      version: encounter.version,
    });
    expect(nurse.statusCode).toBe(403);
    expect(json(nurse).message).toBe('Hanya dokter yang dapat menandatangani catatan pemeriksaan');
  });

  it('signs the note and sends the prescription in one go; the orders reach their queues and the referral becomes a letter from the event', async () => {
    const { registration, encounter } = await noteFor({
      prescription: [
        prescriptionLine(),
        {
          kind: 'compound',
          name: 'Racikan batuk anak',
          ingredients: [
            { name: 'Ambroxol', amount: '7,5 mg' },
            { name: 'CTM', amount: '1 mg' },
          ],
          compoundForm: 'puyer',
          dose: '1 bungkus',
          frequency: '3x sehari',
          route: 'oral',
          durationDays: 3,
          quantity: 9,
          unit: 'bungkus',
        },
      ],
      orders: [
        { serviceType: 'LAB', items: ['Darah Lengkap', 'Gula Darah Sewaktu'], note: 'Puasa tidak perlu' },
        { serviceType: 'RAD', items: ['Foto Thorax PA'] },
      ],
      referral: {
        facility: 'RSUD Tarakan',
        specialty: 'Penyakit Dalam',
        reason: 'Hipertensi tak terkontrol',
      },
    });
    const res = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe('Pemeriksaan selesai; pasien ke farmasi');
    expect(body.data.nextStatus).toBe('Prescription Waiting');
    const done = body.data.encounter;
    expect(done).toMatchObject({ status: 'signed', registration: { status: 'Prescription Waiting' } });
    expect(done.signedAt).toBeTruthy();
    expect(done.signedBy.name).toBeTruthy();
    expect(done.prescriptionStatus).toBe('waiting');
    // the orders are part of the signed note; their service visits come from encounter.finished
    expect(done.serviceOrders.map((o: { serviceType: string }) => o.serviceType)).toEqual(['LAB', 'RAD']);
    const [event] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'encounter.finished'), eq(domainEvents.aggregateId, encounter.uid)));
    expect(event).toMatchObject({ clinicId: 10, aggregateType: 'encounter' });
    await ctx.app.outbox.drain();
    const after = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
    expect(after.serviceOrders[0].queueNumber).toMatch(/^L-\d{3}$/);
    expect(after.serviceOrders[1].queueNumber).toMatch(/^R-\d{3}$/);
    expect(after.letters).toMatchObject([
      { kind: 'referral', number: expect.stringMatching(/^RUJ\/10\/\d{4}\/\d{5}$/) },
    ]);

    const db = ctx.database.db;
    const [row] = await db.select().from(encounters).where(eq(encounters.uid, encounter.uid));
    expect(row.signedHash).toMatch(/^[0-9a-f]{64}$/);
    const [rx] = await db.select().from(prescriptions).where(eq(prescriptions.encounterId, row.id));
    expect(rx.items).toHaveLength(2);

    // the lab order is in the list of the lab that performs it: Menteng's lab work is done at Cikarang
    const lab = json(
      await call(
        'GET',
        `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB&search=${encodeURIComponent(done.patient.mrn)}`,
        'lab',
      ),
    );
    expect(lab.data.map((r: { _id: string }) => r._id)).toContain(after.serviceOrders[0].registrationId);
    const labRow = lab.data.find((r: { _id: string }) => r._id === after.serviceOrders[0].registrationId);
    expect(labRow).toMatchObject({
      orderType: 'service',
      serviceType: 'LAB',
      status: 'Waiting',
      complaint: 'Darah Lengkap, Gula Darah Sewaktu',
    });

    // the visit went through Exam Done (audited as two moves in one transaction) and is read-only now
    const visitRow = json(
      await call('GET', `/registrations/registrations/${registration._id}`, 'dokter'),
    ).data;
    expect(visitRow.status).toBe('Prescription Waiting');
    const change = await call('PUT', `/consultations/encounters/${encounter.uid}`, 'dokter', {
      ...NOTE,
      version: done.version,
    });
    expect(change.statusCode).toBe(409);
    expect(json(change).message).toMatch(/sudah ditandatangani/);
    const twice = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: done.version,
    });
    expect(twice.statusCode).toBe(409);
    // handled once: running the consumers again changes nothing
    await ctx.app.outbox.drain();
    const orderUids = after.serviceOrders.map((o: { uid: string }) => o.uid);
    const visits = await db
      .select()
      .from(registrations)
      .where(inArray(registrations.serviceOrderUid, orderUids));
    expect(visits).toHaveLength(2);
    const [{ n }] = await db
      .select({ n: count() })
      .from(serviceOrders)
      .where(eq(serviceOrders.encounterId, row.id));
    expect(n).toBe(2);
  });

  it('sends a visit without a prescription to the cashier', async () => {
    const { encounter } = await noteFor();
    const res = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    expect(json(res).data.nextStatus).toBe('Payment');
    expect(json(res).message).toBe('Pemeriksaan selesai; pasien ke kasir');
    expect(json(res).data.encounter.prescriptionStatus).toBeNull();
  });

  it('leaves nothing half-done when an order cannot be placed', async () => {
    const { registration, encounter } = await noteFor({
      orders: [{ serviceType: 'LAB', items: ['Darah Lengkap'] }],
    });
    // the visit was moved on by someone else meanwhile: the finish fails as a whole
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Skip' })
      .where(eq(registrations.uid, registration._id));
    const res = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(encounters).where(eq(encounters.uid, encounter.uid));
    expect(row.status).toBe('draft');
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(serviceOrders)
      .where(eq(serviceOrders.encounterId, row.id));
    expect(n).toBe(0);
  });
});

describe('addenda', () => {
  it('are for signed notes, by doctors, and keep the original', async () => {
    const { encounter } = await noteFor();
    const early = await call('POST', `/consultations/encounters/${encounter.uid}/addenda`, 'dokter', {
      text: 'x',
    });
    expect(early.statusCode).toBe(409);
    await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    const empty = await call('POST', `/consultations/encounters/${encounter.uid}/addenda`, 'dokter', {
      text: '  ',
    });
    expect(json(empty).errors).toEqual([{ path: 'text', message: 'Isi catatan tambahan' }]);
    const nurse = await call('POST', `/consultations/encounters/${encounter.uid}/addenda`, 'perawat', {
      text: 'x',
    });
    expect(nurse.statusCode).toBe(403);
    const res = await call('POST', `/consultations/encounters/${encounter.uid}/addenda`, 'dokter', {
      text: 'Koreksi: alergi amoksisilin dilaporkan keluarga',
    });
    expect(res.statusCode).toBe(200);
    const after = json(res).data;
    expect(after.addenda).toMatchObject([{ text: 'Koreksi: alergi amoksisilin dilaporkan keluarga' }]);
    expect(after.assessment).toBe(NOTE.assessment);
    expect(after.status).toBe('signed');
  });
});

describe('who may read a record', () => {
  it('refuses a cashier, another clinic’s doctor, another corporate and no session; audits each read', async () => {
    const { encounter, registration } = await noteFor();
    const url = `/consultations/encounters/${encounter.uid}`;
    expect((await call('GET', url, 'kasir')).statusCode).toBe(403);
    // dokter2 works at clinics 11 and 12 only
    expect((await call('GET', url, 'dokter2')).statusCode).toBe(403);
    // another corporate's admin: neither clinical nor ours
    expect((await call('GET', url, 'adminlain')).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    // an Admin holds menus but is not a clinical role
    const admin = await call(
      'GET',
      `/consultations/patients/${registration.patient.uid}/encounters`,
      'admin',
    );
    expect(admin.statusCode).toBe(403);

    const db = ctx.database.db;
    const reads = async () =>
      (
        await db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'record.read'), eq(auditLog.entityId, encounter.uid)))
      )[0].n;
    const before = await reads();
    expect((await call('GET', url, 'perawat')).statusCode).toBe(200);
    expect((await call('GET', url, 'dokter')).statusCode).toBe(200);
    expect(await reads()).toBe(before + 2);
    const timeline = await call(
      'GET',
      `/consultations/patients/${registration.patient.uid}/encounters`,
      'dokter',
    );
    expect(json(timeline).data.docs.map((e: { uid: string }) => e.uid)).toEqual([encounter.uid]);
    const [last] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, registration.patient.uid))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last).toMatchObject({ action: 'record.read', entity: 'patient', ip: expect.any(String) });
  });

  it('shows the audit log to Super Admin only', async () => {
    const { registration } = await noteFor();
    const res = await call('GET', `/audit/logs?patientId=${registration.patient.uid}`, 'superadmin');
    expect(res.statusCode).toBe(200);
    const actions = json(res).data.docs.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['encounter.open', 'encounter.save', 'registration.create']),
    );
    expect(json(res).data.docs[0]).toMatchObject({
      patient: { uid: registration.patient.uid },
      user: { name: expect.any(String), role: expect.any(String) },
    });
    expect((await call('GET', '/audit/logs', 'dokter')).statusCode).toBe(403);
    expect((await call('GET', '/audit/logs', 'admin')).statusCode).toBe(403);
  });
});

describe('patients with a record', () => {
  it('lists the doctor’s own patients with the last primary diagnosis, searchable', async () => {
    const { encounter, registration } = await noteFor();
    await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    const mine = json(await call('GET', '/consultations/patients?mine=true&limit=100', 'dokter')).data;
    const row = mine.docs.find((p: { uid: string }) => p.uid === registration.patient.uid);
    expect(row).toMatchObject({ visits: 1, lastDiagnosis: 'J06.9 ISPA', title: 'Tn' });
    expect(row.age.years).toBeGreaterThan(40);
    const name = row.name as string;
    const found = json(
      await call('GET', `/consultations/patients?search=${encodeURIComponent(name)}`, 'perawat'),
    ).data;
    expect(found.docs.map((p: { uid: string }) => p.uid)).toEqual([registration.patient.uid]);
    const [listed] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'record.list'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(listed.detail).toEqual({ search: name, mine: false, patients: [registration.patient.uid] });
    // dokter2 never saw the patient, and does not work at clinic 10
    const other = json(
      await call('GET', `/consultations/patients?search=${encodeURIComponent(name)}`, 'dokter2'),
    ).data;
    expect(other.totalDocs).toBe(0);
    expect(
      (await call('GET', `/consultations/patients/${registration.patient.uid}`, 'dokter2')).statusCode,
    ).toBe(404);
  });
});

describe('templates', () => {
  it('are the doctor’s own: saved, listed, renamed, unique by name, deleted', async () => {
    const content = {
      subjective: 'Batuk',
      objective: null,
      assessment: 'ISPA',
      plan: 'Simtomatik',
      diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
      procedures: [],
      prescription: [prescriptionLine()],
    };
    const saved = await call('POST', '/consultations/templates', 'dokter', { name: 'ISPA dewasa', content });
    expect(saved.statusCode).toBe(200);
    const uid = json(saved).data.uid;
    const dup = await call('POST', '/consultations/templates', 'dokter', { name: 'ISPA dewasa', content });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('Template "ISPA dewasa" sudah ada');
    const list = json(await call('GET', '/consultations/templates', 'dokter')).data;
    expect(list).toMatchObject([{ uid, name: 'ISPA dewasa', content: { assessment: 'ISPA' } }]);
    expect(json(await call('GET', '/consultations/templates', 'perawat')).data).toEqual([]);
    expect((await call('DELETE', `/consultations/templates/${uid}`, 'perawat')).statusCode).toBe(404);
    const renamed = await call('PUT', `/consultations/templates/${uid}`, 'dokter', { name: 'ISPA', content });
    expect(json(renamed).data.name).toBe('ISPA');
    expect((await call('DELETE', `/consultations/templates/${uid}`, 'dokter')).statusCode).toBe(200);
    expect(json(await call('GET', '/consultations/templates', 'dokter')).data).toEqual([]);
  });
});

describe('letters from a finished note', () => {
  it('numbers referral letters per clinic and year', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { encounter } = await noteFor({ referral: { facility: 'RS Cipto', reason: 'Evaluasi lanjut' } });
      await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
        version: encounter.version,
      });
      await ctx.app.outbox.drain();
      const done = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
      numbers.push(done.letters[0].number);
    }
    const seq = numbers.map((n) => Number(n.split('/').pop()));
    expect(seq[1]).toBe(seq[0] + 1);
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(letters)
      .where(eq(letters.kind, 'referral'));
    expect(n).toBeGreaterThanOrEqual(2);
  });
});
