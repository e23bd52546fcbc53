import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import type { ReleasedLabPatient } from '@klinikita/domain/results/lab-print.contract';
import type { VisitResults } from '@klinikita/domain/results/visit-results.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, radiologyReports, registrations, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { pdfText } from '../letters/pdf-text.ts';

/**
 * The printable results of a visit (`/Layanan/previewHasilnonMcu`) and the lab result sheet: a
 * Menteng doctor orders a blood count, Cikarang's lab releases it; Menteng's front office finds the
 * visit and prints it, Surabaya and another corporate do not see it; an amendment prints as
 * "Hasil berubah".
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let labName: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  const lab = await userByName(db, 'lab');
  labName = lab.name;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
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
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['reviewResults', 'previewNonMcu']);
  for (const u of ['superadmin', 'pendaftaran', 'dokter', 'lab', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.labsurabaya = await loginAs(ctx.app, 'labsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

/** dokter examines a new patient at Menteng and orders a blood count; its lab visit at Cikarang. */
async function orderedLabVisit() {
  const created = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: 'Pasien Hasil Cetak',
    sex: 'F',
    dob: '12/03/1984',
    nik: '3171061203845201',
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
    orders: [{ serviceType: 'LAB', items: ['Darah Lengkap'], note: null }],
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  const [visit] = json(
    await call(
      'GET',
      `/registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB&search=${patient.mrn}`,
      'lab',
    ),
  ).data as { _id: string }[];
  return { patient, visitId: visit._id };
}

const paramsOf = (w: LabWork) => w.tests.flatMap((t) => t.parameters);
async function release(visitId: string, values: Record<string, number>) {
  const w = json(await call('GET', `/lab-results/visits/${visitId}`, 'lab')).data as LabWork;
  const all = Object.fromEntries(
    paramsOf(w)
      .filter((p) => !p.formula)
      .map((p) => [p.code, p.choices ? p.choices[0] : (p.range?.low ?? p.range?.high ?? 1)]),
  );
  const saved = await call('PUT', `/lab-results/visits/${visitId}/values`, 'lab', {
    version: w.report?.version ?? null,
    values: Object.entries({ ...all, ...values }).map(([code, value]) => ({
      parameterUid: paramsOf(w).find((p) => p.code === code)!.uid,
      value,
    })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await call('POST', `/lab-results/visits/${visitId}/validate`, 'lab')).statusCode).toBe(200);
  expect((await call('POST', `/lab-results/visits/${visitId}/release`, 'lab')).statusCode).toBe(200);
}

/** The patient's row in the doctor's released list (the sidebar badge). */
async function releasedFor(patientUid: string) {
  const res = await call('GET', '/lab-results/released-patients', 'dokter');
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).data as ReleasedLabPatient[]).find((p) => p.patientUid === patientUid);
}

const listed = async (who: string, query: string) => {
  const res = await call('GET', `/visit-results/visits?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as {
    docs: { registrationId: string; lab: boolean; radiology: number }[];
    totalDocs: number;
  };
};

describe('the printable results of a visit', () => {
  let visit: Awaited<ReturnType<typeof orderedLabVisit>>;
  beforeAll(async () => {
    visit = await orderedLabVisit();
  });

  it('lists and prints nothing before the lab releases', async () => {
    expect((await listed('pendaftaran', `search=${visit.patient.mrn}`)).docs).toEqual([]);
    const pdf = await call('GET', `/visit-results/visits/${visit.visitId}/lab-pdf`, 'pendaftaran');
    expect(pdf.statusCode).toBe(404);
    expect(json(pdf).message).toBe('Kunjungan ini belum memiliki hasil lab yang dirilis');
    const results = json(await call('GET', `/visit-results/visits/${visit.visitId}`, 'pendaftaran')).data;
    expect(results).toMatchObject({ lab: null, radiology: [], physio: [], treatment: [] });
  });

  it('shows the released values to the ordering clinic, by name, MRN or queue number, and prints the sheet', async () => {
    await release(visit.visitId, { HB: 6.2, LEU: 12.5 });
    // the clinic's day (Jakarta), not the UTC date: they differ from 17:00 UTC
    const today = clinicDay('Asia/Jakarta');
    for (const query of [
      `search=${visit.patient.mrn}`,
      'search=hasil%20cetak',
      `date=${today}&search=Pasien%20Hasil`,
    ]) {
      const page = await listed('pendaftaran', query);
      expect(
        page.docs.map((d) => d.registrationId),
        query,
      ).toEqual([visit.visitId]);
      expect(page.docs[0]).toMatchObject({ lab: true, radiology: 0 });
    }
    expect((await listed('pendaftaran', `date=2001-01-01&search=${visit.patient.mrn}`)).totalDocs).toBe(0);

    const res = await call('GET', `/visit-results/visits/${visit.visitId}`, 'pendaftaran');
    expect(res.statusCode, res.body).toBe(200);
    const results = json(res).data as VisitResults;
    expect(results.lab).toMatchObject({ version: 1, amendmentReason: null, validated: { name: labName } });
    const values = results.lab!.tests.flatMap((t) => t.values);
    expect(values.find((v) => v.code === 'HB')).toMatchObject({ value: 6.2, flag: 'LL', unit: 'g/dL' });
    expect(values.find((v) => v.code === 'LEU')).toMatchObject({ value: 12.5, flag: 'H' });

    for (const [url, who] of [
      [`/visit-results/visits/${visit.visitId}/lab-pdf`, 'pendaftaran'],
      [`/lab-results/visits/${visit.visitId}/pdf`, 'lab'],
      [`/lab-results/records/${visit.visitId}/pdf`, 'dokter'],
    ]) {
      const pdf = await call('GET', url, who);
      expect(pdf.statusCode, `${url} ${pdf.body.slice(0, 200)}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('HASIL PEMERIKSAAN LABORATORIUM');
      expect(text).toContain('Klinikita MCU Center Cikarang');
      expect(text).toContain('Pasien Hasil Cetak');
      expect(text).toContain(labName);
      expect(text).toMatch(/6,2/);
      expect(text).toContain('LL KRITIS');
      expect(text).not.toContain('HASIL BERUBAH');
    }
    const [printed] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'labResult.print'), eq(auditLog.entityId, visit.visitId)));
    expect(printed.n).toBe(3);
  });

  it('names the patient to the ordering doctor’s badge once released, critical values too, to clinical readers only', async () => {
    const mine = await releasedFor(visit.patient.uid);
    expect(mine?.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // HB 6,2 is LL; LEU 12,5 is only H
    expect(mine).toMatchObject({
      patientName: 'Pasien Hasil Cetak',
      critical: true,
      criticalValues: [{ nameId: 'Hemoglobin', nameEn: 'Haemoglobin', value: 6.2, unit: 'g/dL', flag: 'LL' }],
    });
    expect((await call('GET', '/lab-results/released-patients', 'pendaftaran')).statusCode).toBe(403);
  });

  it('hides the visit from another clinic and another corporate, and from a user without the right', async () => {
    expect((await listed('labsurabaya', `search=${visit.patient.mrn}`)).docs).toEqual([]);
    for (const who of ['labsurabaya', 'adminlain']) {
      expect((await call('GET', `/visit-results/visits/${visit.visitId}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/visit-results/visits/${visit.visitId}/lab-pdf`, who)).statusCode).toBe(404);
    }
    expect((await listed('adminlain', `search=${visit.patient.mrn}`)).docs).toEqual([]);
    expect((await call('GET', '/visit-results/visits', 'kasir')).statusCode).toBe(403);
    expect((await call('GET', `/lab-results/records/${visit.visitId}/pdf`, 'pendaftaran')).statusCode).toBe(
      403,
    );
  });

  it('refuses a bad date in the user’s language, and pages', async () => {
    const bad = await call('GET', '/visit-results/visits?date=26-11-2026', 'pendaftaran');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([{ path: 'date', message: 'Tanggal harus berformat TTTT-BB-HH' }]);
    const page = await listed('superadmin', 'limit=1&page=1');
    expect(page.docs.length).toBeLessThanOrEqual(1);
  });

  it('shows only signed radiology reports of the visit', async () => {
    const db = ctx.database.db;
    const [row] = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.uid, visit.visitId));
    const base = {
      corpId: 1,
      clinicId: 11,
      registrationId: row.id,
      modality: 'CR',
      examination: 'Thorax PA',
    };
    const [lab] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'lab'));
    // a draft is not handed out; once signed it is
    const [report] = await db
      .insert(radiologyReports)
      .values({
        ...base,
        uid: newUid(),
        accessionNumber: 'ACC-1',
        findings: 'Cor dan pulmo normal',
        impression: 'Normal',
      })
      .returning({ id: radiologyReports.id });
    const draft = json(await call('GET', `/visit-results/visits/${visit.visitId}`, 'pendaftaran'))
      .data as VisitResults;
    expect(draft.radiology).toEqual([]);
    await db
      .update(radiologyReports)
      .set({ status: 'signed', signedBy: lab.id, signedAt: new Date() })
      .where(eq(radiologyReports.id, report.id));
    const results = json(await call('GET', `/visit-results/visits/${visit.visitId}`, 'pendaftaran'))
      .data as VisitResults;
    expect(results.radiology).toEqual([
      expect.objectContaining({
        accessionNumber: 'ACC-1',
        impression: 'Normal',
        signed: expect.objectContaining({ name: labName }),
      }),
    ]);
    expect((await listed('pendaftaran', `search=${visit.patient.mrn}`)).docs[0].radiology).toBe(1);
  });

  it('prints an amended report as "Hasil berubah" with its reason, and nothing while the correction is a draft', async () => {
    const released = await releasedFor(visit.patient.uid);
    const amend = await call('POST', `/lab-results/visits/${visit.visitId}/amend`, 'lab', {
      reason: 'Salah input hemoglobin',
    });
    expect(amend.statusCode, amend.body).toBe(200);
    expect(
      (await call('GET', `/visit-results/visits/${visit.visitId}/lab-pdf`, 'pendaftaran')).statusCode,
    ).toBe(404);
    await release(visit.visitId, { HB: 12.4 });
    const results = json(await call('GET', `/visit-results/visits/${visit.visitId}`, 'pendaftaran'))
      .data as VisitResults;
    expect(results.lab).toMatchObject({ version: 2, amendmentReason: 'Salah input hemoglobin' });
    const text = pdfText(
      (await call('GET', `/visit-results/visits/${visit.visitId}/lab-pdf`, 'pendaftaran')).rawPayload,
    );
    expect(text).toContain('HASIL BERUBAH');
    expect(text).toContain('Salah input hemoglobin');
    expect(text).toMatch(/12,4/);
    // the badge follows the newest release: the corrected report holds no critical value
    const badge = await releasedFor(visit.patient.uid);
    expect(badge).toMatchObject({ critical: false, criticalValues: [] });
    expect(badge!.releasedAt > released!.releasedAt).toBe(true);
  });
});
