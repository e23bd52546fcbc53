import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents, labResultValues, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Lab results, the way the lab gets its work: a Menteng doctor signs a note with a lab order, the
 * order becomes a visit in Cikarang's lab list, and the lab user (clinic 11) enters, validates,
 * releases and amends its results; the doctor reads them in the patient's results.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let doctorName: string;
let labName: string;

const MENTENG = 'Klinik Pratama Klinikita Menteng';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  doctorName = dokter.name;
  const lab = await userByName(db, 'lab');
  labName = lab.name;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  // a lab user of Surabaya (clinic 12), and the other corporate's admin with the lab's menu
  await db.insert(users).values({
    uid: newUid(),
    username: 'labsurabaya',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Lab Surabaya',
    roleId: lab.roleId,
    corpId: lab.corpId,
    clinicId: 12,
  });
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['lab']);
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.labsurabaya = await loginAs(ctx.app, 'labsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

let nikSerial = 5100;
async function newPatient(sex: 'M' | 'F' = 'M') {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Lab ${nikSerial}`,
    sex,
    dob: '12/03/1984',
    nik: `317106120384${String(nikSerial++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { uid: string; mrn: string };
}

const labList = (mrn: string) =>
  call(
    'GET',
    `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB&search=${mrn}`,
    'lab',
  );

/** dokter examines a new patient at Menteng and signs a note with `order`; its lab visit at Cikarang. */
async function orderedLabVisit(order: { items: string[]; note: string | null }) {
  const patient = await newPatient();
  const reg = json(
    await call('POST', '/registrations/registrations', 'pendaftaran', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      payerType: 'self',
      complaint: 'Lemas',
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
    ...{ weight: null, height: null, subjective: 'Lemas', objective: null, assessment: null, plan: null },
    diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
    procedures: [],
    prescription: [],
    orders: [{ serviceType: 'LAB', ...order }],
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  const [visit] = json(await labList(patient.mrn)).data as { _id: string }[];
  return { patient, visitId: visit._id, doctorVisit: reg._id as string };
}

type Work = LabWork;

const work = async (visitId: string, who = 'lab') => {
  const res = await call('GET', `/lab-results/visits/${visitId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Work;
};
const paramOf = (w: Work, code: string) => w.tests.flatMap((t) => t.parameters).find((p) => p.code === code)!;
const resultOf = (w: Work, code: string) =>
  w.report?.values.find((v) => v.parameterUid === paramOf(w, code).uid);
const save = (visitId: string, version: number | null, values: Record<string, unknown>, w: Work) =>
  call('PUT', `/lab-results/visits/${visitId}/values`, 'lab', {
    version,
    values: Object.entries(values).map(([code, value]) => ({ parameterUid: paramOf(w, code).uid, value })),
  });
/** A value inside the normal range of every typed parameter (the first choice of a choice). */
const normalValues = (w: Work) =>
  Object.fromEntries(
    w.tests
      .flatMap((t) => t.parameters)
      .filter((p) => !p.formula)
      .map((p) => [p.code, p.choices ? p.choices[0] : (p.range?.low ?? p.range?.high ?? 1)]),
  );
const auditCount = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

describe('lab results of an ordered lab visit', () => {
  let visit: Awaited<ReturnType<typeof orderedLabVisit>>;
  let w: Work;

  beforeAll(async () => {
    visit = await orderedLabVisit({
      items: ['Darah Lengkap', 'Gula Darah Sewaktu', 'HBsAg', 'Tes Kehamilan'],
      note: 'CITO, pasien lemas',
    });
    w = await work(visit.visitId);
  });

  it('lists the order: doctor, clinic, diagnosis, cito, the tests with the adult range for the patient’s sex', () => {
    expect(w.order).toEqual({
      doctorName,
      clinicName: MENTENG,
      diagnosis: 'I10 Hipertensi',
      note: 'CITO, pasien lemas',
      cito: true,
      unmatchedItems: ['Tes Kehamilan'],
    });
    // "Gula Darah Sewaktu" is the catalogue's "Glukosa Darah Sewaktu"
    expect(w.tests.map((t) => t.code)).toEqual(['LAB-DL', 'LAB-GDS', 'LAB-HBSAG']);
    expect(w.tests[0].parameters.slice(0, 3).map((p) => p.code)).toEqual(['HB', 'HT', 'LEU']);
    expect(paramOf(w, 'HB').range).toEqual({
      low: 13,
      high: 17,
      criticalLow: 7.1,
      criticalHigh: null,
      impossibleLow: 0,
      impossibleHigh: 25,
      normalText: null,
    });
    expect(w.report).toBeNull();
  });

  it('refuses an impossible value with its limits, a text for a number and a value outside the choices', async () => {
    const impossible = await save(visit.visitId, null, { HB: 45 }, w);
    expect(impossible.statusCode).toBe(400);
    expect(json(impossible).message).toBe('Nilai Hemoglobin 45 di luar batas mustahil 0–25');
    expect(json(impossible).errors).toEqual([{ path: 'values.0.value', message: 'Di luar batas mustahil' }]);
    const text = await save(visit.visitId, null, { HT: 40, HB: 'tinggi' }, w);
    expect(text.statusCode).toBe(400);
    expect(json(text).errors?.[0].path).toBe('values.1.value');
    const choice = await save(visit.visitId, null, { HBSAG: 'Reaktif' }, w);
    expect(choice.statusCode).toBe(400);
    expect(json(choice).message).toBe('Nilai HBsAg harus salah satu dari: Negatif, Positif');
    expect((await work(visit.visitId)).report).toBeNull();
  });

  it('saves values with their flags, unit and range copied; the same values again change nothing', async () => {
    const values = { HB: '18,2', HT: 45, LEU: 0.5, TROMBO: 700, HBSAG: 'negatif' };
    const res = await save(visit.visitId, null, values, w);
    expect(res.statusCode, res.body).toBe(200);
    w = json(res).data;
    expect(w.report).toMatchObject({ version: 1, status: 'draft', entered: { name: labName } });
    expect(resultOf(w, 'HB')).toEqual({
      parameterUid: paramOf(w, 'HB').uid,
      value: 18.2,
      calculated: false,
      unit: 'g/dL',
      range: {
        low: 13,
        high: 17,
        criticalLow: 7.1,
        criticalHigh: null,
        impossibleLow: null,
        impossibleHigh: null,
        normalText: null,
      },
      flag: 'H',
    });
    expect(resultOf(w, 'HT')?.flag).toBe('N');
    expect(resultOf(w, 'LEU')?.flag).toBe('LL');
    expect(resultOf(w, 'TROMBO')?.flag).toBe('HH');
    expect(resultOf(w, 'HBSAG')).toMatchObject({ value: 'Negatif', flag: 'N' });

    const rows = async () => (await ctx.database.db.select().from(labResultValues)).map((r) => r.id).sort();
    const [before, saves] = [await rows(), await auditCount('labResult.save')];
    const again = await save(visit.visitId, 1, values, w);
    expect(again.statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    expect(await auditCount('labResult.save')).toBe(saves);

    // one changed value: one audit row naming its parameter, never the value
    await save(visit.visitId, 1, { ...values, HB: 16 }, w);
    const [last] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'labResult.save'))
      .orderBy(auditLog.id)
      .then((r) => r.slice(-1));
    expect(last).toMatchObject({ entity: 'labReport', entityId: w.report!.uid, clinicId: 11 });
    expect(last.detail).toEqual({ version: 1, changed: ['HB'] });
  });

  it('validates only a complete report, then releases it: lab done, the event out, no more edits', async () => {
    const incomplete = await call('POST', `/lab-results/visits/${visit.visitId}/validate`, 'lab');
    expect(incomplete.statusCode).toBe(409);
    expect(json(incomplete).message).toMatch(
      /^Belum dapat divalidasi: Eritrosit, MCV, MCH dan \d+ parameter lain/,
    );
    expect((await call('POST', `/lab-results/visits/${visit.visitId}/release`, 'lab')).statusCode).toBe(409);

    const filled = await save(visit.visitId, 1, { ...normalValues(w), LEU: 0.5, TROMBO: 700 }, w);
    expect(filled.statusCode, filled.body).toBe(200);
    const validated = await call('POST', `/lab-results/visits/${visit.visitId}/validate`, 'lab');
    expect(validated.statusCode, validated.body).toBe(200);
    expect(json(validated).data.report.status).toBe('validated');
    expect((await save(visit.visitId, 1, { HB: 15 }, w)).statusCode).toBe(409);

    const released = await call('POST', `/lab-results/visits/${visit.visitId}/release`, 'lab');
    expect(released.statusCode, released.body).toBe(200);
    w = json(released).data;
    expect(w.report).toMatchObject({ status: 'released', version: 1 });
    // the visit's lab flag is the registrations' consumer of the event
    await ctx.app.outbox.drain();
    const [row] = json(await labList(visit.patient.mrn)).data;
    expect(row.dataLabPreAss.isDone).toBe(true);
    const [event] = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'lab.result.released'), eq(domainEvents.aggregateId, w.report!.uid)));
    expect(event.payload).toMatchObject({
      registrationId: visit.visitId,
      reportUid: w.report!.uid,
      version: 1,
      clinicId: 11,
      orderingClinicId: 10,
      critical: [
        { parameterCode: 'LEU', value: 0.5, flag: 'LL' },
        { parameterCode: 'TROMBO', value: 700, flag: 'HH' },
      ],
    });
    expect((event.payload as { services: string[] }).services.sort()).toEqual([
      'LAB-DL',
      'LAB-GDS',
      'LAB-HBSAG',
    ]);

    const late = await save(visit.visitId, 1, { HB: 15 }, w);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toContain('amandemen');
  });

  it('shows the doctor the released values; an amendment is a new draft holding them, the old one replaced', async () => {
    const results = async (query = '') => {
      const res = await call('GET', `/lab-results/patients/${visit.patient.uid}${query}`, 'dokter');
      expect(res.statusCode, res.body).toBe(200);
      return json(res).data as {
        reportUid: string;
        version: number;
        amended: boolean;
        parameterCode: string;
        value: unknown;
        flag: string;
      }[];
    };
    const first = await results();
    expect(first.length).toBe(w.report!.values.length);
    expect(first.find((r) => r.parameterCode === 'LEU')).toMatchObject({
      value: 0.5,
      flag: 'LL',
      amended: false,
    });

    const amended = await call('POST', `/lab-results/visits/${visit.visitId}/amend`, 'lab', {
      reason: 'Salah ketik leukosit',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    const v2: Work = json(amended).data;
    expect(v2.report).toMatchObject({ version: 2, status: 'draft', amendmentReason: 'Salah ketik leukosit' });
    expect(v2.report!.values).toEqual(w.report!.values);
    expect(v2.history).toMatchObject([{ version: 1, status: 'replaced' }]);
    // the replaced version is not shown while its correction is a draft
    expect(await results()).toEqual([]);
    expect((await save(visit.visitId, 1, { LEU: 5 }, v2)).statusCode).toBe(409);
    expect((await save(visit.visitId, 2, { LEU: 5 }, v2)).statusCode).toBe(200);
    for (const step of ['validate', 'release'])
      expect((await call('POST', `/lab-results/visits/${visit.visitId}/${step}`, 'lab')).statusCode).toBe(
        200,
      );

    const trend = await results('?parameter=leu');
    expect(trend).toEqual([expect.objectContaining({ version: 2, amended: true, value: 5, flag: 'N' })]);
    expect((await results()).every((r) => r.version === 2)).toBe(true);
    // the lab enters results; reading the record is the clinical staff's
    expect((await call('GET', `/lab-results/patients/${visit.patient.uid}`, 'lab')).statusCode).toBe(403);
  });

  it('keeps the work to the lab’s clinic and corporate', async () => {
    const url = `/lab-results/visits/${visit.visitId}`;
    expect((await call('GET', url, 'pendaftaran')).statusCode).toBe(403);
    expect((await call('GET', url, 'labsurabaya')).statusCode).toBe(403);
    expect((await call('GET', url, 'adminlain')).statusCode).toBe(404);
    expect(
      (await call('PUT', `${url}/values`, 'labsurabaya', { version: null, values: [] })).statusCode,
    ).toBe(403);
    // the doctor visit the order came from is no lab visit
    const doctorVisit = await call('GET', `/lab-results/visits/${visit.doctorVisit}`, 'superadmin');
    expect(doctorVisit.statusCode).toBe(409);
    expect(json(doctorVisit).message).toMatch(/bukan kunjungan laboratorium$/);
  });
});

describe('a lab visit registered at the front office', () => {
  it('takes its complaint as the order and calculates LDL from the lipid profile', async () => {
    const patient = await newPatient('F');
    const reg = await call('POST', '/registrations/registrations', 'superadmin', {
      clinicId: 11,
      patientId: patient.uid,
      orderType: 'service',
      serviceType: 'LAB',
      payerType: 'self',
      referrer: 'dr. Sari (Klinik Sehat Bekasi)',
      complaint: 'Profil Lipid; Cek darah',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const visitId = json(reg).data._id as string;
    const w = await work(visitId);
    expect(w.order).toMatchObject({
      doctorName: 'dr. Sari',
      clinicName: 'Klinik Sehat Bekasi',
      diagnosis: null,
      cito: false,
      unmatchedItems: ['Cek darah'],
    });
    expect(w.tests.map((t) => t.code)).toEqual(['LAB-LIPID']);
    // a woman's HDL range
    expect(paramOf(w, 'HDL').range).toMatchObject({ low: 50, high: null });

    const saved = json(await save(visitId, null, { CHOL: 240, HDL: 40, TG: 150 }, w)).data as Work;
    expect(resultOf(saved, 'LDL')).toMatchObject({ value: 170, calculated: true, flag: 'H' });
    expect(resultOf(saved, 'HDL')?.flag).toBe('L');
    // Friedewald does not hold from TG 400: no LDL
    const high = json(await save(visitId, 1, { TG: 450 }, w)).data as Work;
    expect(resultOf(high, 'LDL')).toBeUndefined();
    // a value typed for the calculated parameter is the server's to compute
    const typed = json(await save(visitId, 1, { TG: 150, LDL: 999 }, w)).data as Work;
    expect(resultOf(typed, 'LDL')?.value).toBe(170);
    // the calculated parameter is not needed for validation
    expect((await call('POST', `/lab-results/visits/${visitId}/validate`, 'lab')).statusCode).toBe(200);
  });
});
