import type { Paged } from '@klinikita/domain/common/paged';
import type {
  PatientRadiologyReport,
  RadiologyWork,
  RadiologyWorklistItem,
} from '@klinikita/domain/radiology/radiology.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents, registrations, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * Radiology, the way the desk gets its work: a doctor examining at Cikarang orders a chest X-ray
 * (cito), the order becomes a radiology visit on Cikarang's worklist with its accession number,
 * and the radiologi user writes the report from a template, attaches an image, signs it (radDone,
 * service.performed), amends it; the doctor reads the signed report.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let radName: string;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
) => ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

function multipart(file: { name: string; type: string; content: Buffer } | null, caption?: string) {
  const boundary = '----radtest';
  const parts: Buffer[] = [];
  if (caption)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (visitId: string, who: string, file: Parameters<typeof multipart>[0], caption?: string) => {
  const form = multipart(file, caption);
  return ctx.app.inject({
    method: 'POST',
    url: `${API}/radiology/visits/${visitId}/images`,
    headers: { authorization: tokens[who], 'content-type': form.contentType },
    payload: form.body,
  });
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  const rad = await userByName(db, 'radiologi');
  radName = rad.name;
  await practisesToday(db, dokterId, 11);
  await ensureCodes(db);
  // a radiology user of Surabaya (clinic 12), and the other corporate's admin with the desk's menu
  await db.insert(users).values({
    uid: newUid(),
    username: 'radsurabaya',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Radiologi Surabaya',
    roleId: rad.roleId,
    corpId: rad.corpId,
    clinicId: 12,
  });
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['radiology']);
  for (const u of ['superadmin', 'dokter', 'radiologi', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.radsurabaya = await loginAs(ctx.app, 'radsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

let nikSerial = 6100;
async function newPatient() {
  const res = await call('POST', '/patients', 'superadmin', {
    clinicId: 11,
    name: `Pasien Radiologi ${nikSerial}`,
    sex: 'F',
    dob: '12/03/1984',
    nik: `317106120384${String(nikSerial++).padStart(4, '0')}`,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { uid: string; mrn: string };
}

const worklist = async (query: string, who = 'radiologi') => {
  const res = await call('GET', `/radiology/worklist?clinicId=11&${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Paged<RadiologyWorklistItem>;
};

/** dokter examines a new patient at Cikarang and signs a note with a radiology order; its visit. */
async function orderedRadVisit(order: { items: string[]; note: string | null }) {
  const patient = await newPatient();
  const reg = json(
    await call('POST', '/registrations/registrations', 'superadmin', {
      clinicId: 11,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokterId,
      payerType: 'self',
      complaint: 'Batuk lama',
    }),
  ).data;
  await call('PATCH', `/registrations/registrations/${reg._id}`, 'dokter', {
    clinicId: 11,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: reg._id }),
  ).data;
  const saved = await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    ...{ systolic: null, diastolic: null, pulse: null, respiratoryRate: null, temperature: null, spo2: null },
    ...{ weight: null, height: null, subjective: 'Batuk', objective: null, assessment: null, plan: null },
    diagnoses: [{ code: 'I10', title: 'Hipertensi', primary: true }],
    procedures: [],
    prescription: [],
    orders: [{ serviceType: 'RAD', ...order }],
    referral: null,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: json(saved).data.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  await ctx.app.outbox.drain();
  const list = await worklist(`search=${patient.mrn}`);
  expect(list.docs).toHaveLength(1);
  return {
    patient,
    visitId: list.docs[0].registrationId,
    item: list.docs[0],
    doctorVisit: reg._id as string,
  };
}

const work = async (visitId: string, who = 'radiologi') => {
  const res = await call('GET', `/radiology/visits/${visitId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as RadiologyWork;
};
const draft = (visitId: string, body: object, who = 'radiologi') =>
  call('PUT', `/radiology/visits/${visitId}/report`, who, body);
const auditCount = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

describe('a radiology report of an ordered examination', () => {
  let visit: Awaited<ReturnType<typeof orderedRadVisit>>;

  beforeAll(async () => {
    visit = await orderedRadVisit({ items: ['Foto Thorax PA'], note: 'Mohon cito, batuk 3 minggu' });
  });

  it('lists the visit with an accession number given once, modality, examination, cito and no report', async () => {
    expect(visit.item).toMatchObject({
      modality: 'CR',
      examination: 'Foto Thorax PA',
      cito: true,
      status: 'none',
      amended: false,
      clinicalInfo: 'I10 Hipertensi\nMohon cito, batuk 3 minggu',
    });
    expect(visit.item.accessionNumber).toMatch(/^RAD-11-\d{8}-\d{4}$/);
    const again = await worklist(`search=${visit.item.accessionNumber}`);
    expect(again.docs.map((d) => d.registrationId)).toEqual([visit.visitId]);
    expect((await worklist('status=signed')).docs.some((d) => d.registrationId === visit.visitId)).toBe(
      false,
    );
    const w = await work(visit.visitId);
    expect(w.accessionNumber).toBe(visit.item.accessionNumber);
    expect(w.order).toMatchObject({ items: ['Foto Thorax PA'], cito: true, diagnosis: 'I10 Hipertensi' });
    expect(w.report).toMatchObject({ version: 1, status: 'draft', findings: null, written: null });
  });

  it('refuses to sign an empty report and bad input, changing nothing', async () => {
    const sign = await call('POST', `/radiology/visits/${visit.visitId}/sign`, 'radiologi', { version: 1 });
    expect(sign.statusCode).toBe(409);
    expect(json(sign).message).toBe('Belum dapat ditandatangani: temuan dan kesan belum diisi');
    const bad = await draft(visit.visitId, {
      version: 1,
      template: 'x',
      clinicalInfo: null,
      findings: 5,
      impression: null,
    });
    expect(bad.statusCode).toBe(400);
    const stale = await draft(visit.visitId, {
      version: 2,
      template: null,
      clinicalInfo: null,
      findings: 'x',
      impression: null,
    });
    expect(stale.statusCode).toBe(409);
    expect((await work(visit.visitId)).report.findings).toBeNull();
  });

  it('saves the draft once however often it is sent; the impression missing still refuses signing', async () => {
    const before = await auditCount('radiologyReport.save');
    const body = {
      version: 1,
      template: 'chestMcu',
      clinicalInfo: 'Batuk 3 minggu',
      findings: 'Foto Toraks PA:\nCor tidak membesar.',
      impression: null,
    };
    const first = await draft(visit.visitId, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).message).toBe('Laporan radiologi disimpan');
    await draft(visit.visitId, body);
    expect(await auditCount('radiologyReport.save')).toBe(before + 1);
    const w = json(first).data as RadiologyWork;
    expect(w.report).toMatchObject({ template: 'chestMcu', written: { name: radName } });
    const sign = await call('POST', `/radiology/visits/${visit.visitId}/sign`, 'radiologi', { version: 1 });
    expect(json(sign).message).toBe('Belum dapat ditandatangani: kesan belum diisi');
    expect((await worklist(`search=${visit.patient.mrn}`)).docs[0].status).toBe('draft');
  });

  it('attaches a PNG, refuses other files, serves it only in the clinic, removes it', async () => {
    const added = await upload(
      visit.visitId,
      'radiologi',
      { name: 'thorax.png', type: 'image/png', content: PNG },
      'PA',
    );
    expect(added.statusCode, added.body).toBe(200);
    const w = json(added).data as RadiologyWork;
    expect(w.images).toHaveLength(1);
    expect(w.images[0]).toMatchObject({
      mimeType: 'image/png',
      caption: 'PA',
      name: 'thorax.png',
      addedBy: radName,
    });
    // the same file again (a double click, a network retry): attached once, concurrently too
    const again = await Promise.all([
      upload(visit.visitId, 'radiologi', { name: 'thorax.png', type: 'image/png', content: PNG }, 'PA'),
      upload(visit.visitId, 'radiologi', { name: 'thorax.png', type: 'image/png', content: PNG }, 'PA'),
    ]);
    for (const r of again) {
      expect(r.statusCode, r.body).toBe(200);
      expect((json(r).data as RadiologyWork).images.map((i) => i.uid)).toEqual([w.images[0].uid]);
    }
    const text = await upload(visit.visitId, 'radiologi', {
      name: 'a.png',
      type: 'image/png',
      content: Buffer.from('hello'),
    });
    expect(text.statusCode).toBe(400);
    expect(json(text).message).toBe('Berkas harus JPEG, PNG, PDF atau DICOM');
    const pdf = await upload(visit.visitId, 'radiologi', {
      name: 'scan.pdf',
      type: 'application/pdf',
      content: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(pdf.statusCode).toBe(200);
    const url = w.images[0].url.replace(API, '');
    const served = await call('GET', url, 'radiologi');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', url, 'radsurabaya')).statusCode).toBe(404);
    expect((await call('GET', url, 'adminlain')).statusCode).toBe(404);
    const removed = await call(
      'DELETE',
      `/radiology/visits/${visit.visitId}/images/${w.images[0].uid}`,
      'radiologi',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((json(removed).data as RadiologyWork).images.map((i) => i.mimeType)).toEqual(['application/pdf']);
    expect((await call('GET', url, 'radiologi')).statusCode).toBe(404);
  });

  it('signs: radDone set, service.performed with the catalogue code, then locked', async () => {
    const saved = await draft(visit.visitId, {
      version: 1,
      template: 'chestMcu',
      clinicalInfo: 'Batuk 3 minggu',
      findings: 'Foto Toraks PA:\nCor tidak membesar.',
      impression: 'Cor dan pulmo dalam batas normal.',
    });
    expect(saved.statusCode).toBe(200);
    const signed = await call('POST', `/radiology/visits/${visit.visitId}/sign`, 'radiologi', { version: 1 });
    expect(signed.statusCode, signed.body).toBe(200);
    const w = json(signed).data as RadiologyWork;
    expect(w.report).toMatchObject({ status: 'signed', signed: { name: radName } });
    const [reg] = await ctx.database.db
      .select({ radDone: registrations.radDone })
      .from(registrations)
      .where(eq(registrations.uid, visit.visitId));
    expect(reg.radDone).toBe(true);
    const events = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'service.performed'), eq(domainEvents.aggregateId, w.report.uid)));
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      registrationId: visit.visitId,
      serviceType: 'RAD',
      serviceCodes: ['RAD-THORAX'],
      clinicId: 11,
    });
    const again = await call('POST', `/radiology/visits/${visit.visitId}/sign`, 'radiologi', { version: 1 });
    expect(again.statusCode).toBe(409);
    const locked = await draft(visit.visitId, {
      version: 1,
      template: null,
      clinicalInfo: null,
      findings: 'x',
      impression: 'y',
    });
    expect(locked.statusCode).toBe(409);
    expect((await worklist(`search=${visit.patient.mrn}`)).docs[0].status).toBe('signed');
    const pdf = await call('GET', `/radiology/visits/${visit.visitId}/pdf`, 'radiologi');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('amends with a reason as version 2, the signed one kept as replaced; the doctor reads the signed report', async () => {
    const noReason = await call('POST', `/radiology/visits/${visit.visitId}/amend`, 'radiologi', {
      version: 1,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const amended = await call('POST', `/radiology/visits/${visit.visitId}/amend`, 'radiologi', {
      version: 1,
      reason: 'Salah ketik kesan',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    let w = json(amended).data as RadiologyWork;
    expect(w.report).toMatchObject({ version: 2, status: 'draft', amendmentReason: 'Salah ketik kesan' });
    expect(w.history).toMatchObject([{ version: 1, status: 'replaced' }]);
    expect(w.accessionNumber).toBe(visit.item.accessionNumber);
    await draft(visit.visitId, {
      version: 2,
      template: 'chestMcu',
      clinicalInfo: 'Batuk 3 minggu',
      findings: w.report.findings,
      impression: 'Cor dan pulmo dalam batas normal. Tidak tampak TB aktif.',
    });
    w = json(await call('POST', `/radiology/visits/${visit.visitId}/sign`, 'radiologi', { version: 2 })).data;
    expect(w.report.status).toBe('signed');
    const res = await call('GET', `/radiology/patients/${visit.patient.uid}/reports`, 'dokter');
    expect(res.statusCode, res.body).toBe(200);
    const reports = json(res).data as PatientRadiologyReport[];
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      version: 2,
      amended: true,
      accessionNumber: visit.item.accessionNumber,
      impression: 'Cor dan pulmo dalam batas normal. Tidak tampak TB aktif.',
      signedBy: radName,
    });
    expect((await worklist(`search=${visit.patient.mrn}`)).docs[0].amended).toBe(true);
  });

  it('shows the visit to nobody outside its clinic and refuses the desk’s work without the right', async () => {
    expect((await call('GET', `/radiology/visits/${visit.visitId}`, 'radsurabaya')).statusCode).toBe(404);
    expect((await call('GET', `/radiology/visits/${visit.visitId}`, 'adminlain')).statusCode).toBe(404);
    expect((await call('GET', `/radiology/visits/${visit.visitId}`, 'dokter')).statusCode).toBe(403);
    expect((await call('GET', '/radiology/worklist?clinicId=11', 'radsurabaya')).statusCode).toBe(404);
    const doctorVisit = await call('GET', `/radiology/visits/${visit.doctorVisit}`, 'radiologi');
    expect(doctorVisit.statusCode).toBe(409);
  });
});
