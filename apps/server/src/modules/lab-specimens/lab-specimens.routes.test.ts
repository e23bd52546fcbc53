import type { LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labSpecimens, registrations, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/**
 * The containers of a lab visit at Cikarang (clinic 11): the lab user labels the order (one
 * container per distinct container, twice changes nothing), collects (the visit's sampling flag),
 * receives, rejects with a reason of the list (a new container, the flag back to false) and prints
 * the labels; another clinic's lab and another corporate are refused.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let labName: string;

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const lab = await userByName(db, 'lab');
  labName = lab.name;
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
  for (const u of ['superadmin', 'lab', 'pendaftaran']) tokens[u] = await loginAs(ctx.app, u);
  tokens.labsurabaya = await loginAs(ctx.app, 'labsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

let nikSerial = 6100;
async function labVisit(complaint: string) {
  const patient = json(
    await call('POST', '/patients', 'superadmin', {
      clinicId: 11,
      name: `Pasien Sampel ${nikSerial}`,
      sex: 'F',
      dob: '02/05/1990',
      nik: `317106020590${String(nikSerial++).padStart(4, '0')}`,
    }),
  ).data as { uid: string; mrn: string };
  const reg = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId: 11,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'LAB',
    payerType: 'self',
    complaint,
  });
  expect(reg.statusCode, reg.body).toBe(200);
  return { patient, visitId: json(reg).data._id as string };
}

const specimensOf = async (visitId: string, who = 'lab') => {
  const res = await call('GET', `/lab-specimens/visits/${visitId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as LabVisitSpecimens;
};
const step = (visitId: string, uid: string, what: string, payload?: object) =>
  call('POST', `/lab-specimens/visits/${visitId}/specimens/${uid}/${what}`, 'lab', payload);
const samplingDone = async (visitId: string) =>
  (
    await ctx.database.db
      .select({ done: registrations.samplingDone })
      .from(registrations)
      .where(eq(registrations.uid, visitId))
  )[0].done;

describe('the containers of a lab visit', () => {
  let visit: Awaited<ReturnType<typeof labVisit>>;
  let s: LabVisitSpecimens;

  beforeAll(async () => {
    visit = await labVisit('Darah Lengkap, Glukosa Darah Sewaktu, Urine Lengkap');
  });

  it('has none before labelling, and lists the corporate’s rejection reasons', async () => {
    s = await specimensOf(visit.visitId);
    expect(s.specimens).toEqual([]);
    expect(s.samplingDone).toBe(false);
    expect(s.rejectionReasons.map((r) => r.code)).toContain('HEMOLISIS');
  });

  it('labels one container per distinct container with a unique barcode; labelling twice adds nothing', async () => {
    const [first, second] = await Promise.all([
      call('POST', `/lab-specimens/visits/${visit.visitId}/label`, 'lab'),
      call('POST', `/lab-specimens/visits/${visit.visitId}/label`, 'lab'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(json(first).message).toBe('Label sampel dibuat');
    s = await specimensOf(visit.visitId);
    expect(s.specimens.map((x) => [x.container, x.status, x.tests])).toEqual([
      ['edta', 'labelled', ['Darah Lengkap']],
      ['plain', 'labelled', ['Glukosa Darah Sewaktu']],
      ['urinePot', 'labelled', ['Urine Lengkap']],
    ]);
    for (const x of s.specimens) expect(x.barcode).toMatch(/^L011\d{6}\d{4}$/);
    expect(new Set(s.specimens.map((x) => x.barcode)).size).toBe(3);
    expect(s.specimens[0].labelled?.name).toBe(labName);
  });

  it('refuses to receive a sample not collected yet', async () => {
    const res = await step(visit.visitId, s.specimens[0].uid, 'receive');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(`Sampel ${s.specimens[0].barcode} belum diambil`);
  });

  it('collects each container; the visit’s sampling flag is set with the last one', async () => {
    const [edta, plain, urine] = s.specimens;
    let res = await step(visit.visitId, edta.uid, 'collect');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.specimens[0]).toMatchObject({ status: 'collected', collected: { name: labName } });
    expect(await samplingDone(visit.visitId)).toBe(false);
    await step(visit.visitId, plain.uid, 'collect');
    res = await step(visit.visitId, urine.uid, 'collect');
    expect(json(res).data.samplingDone).toBe(true);
    expect(await samplingDone(visit.visitId)).toBe(true);
    // collecting again is a no-op
    const again = await step(visit.visitId, urine.uid, 'collect');
    expect(again.statusCode).toBe(200);
  });

  it('receives a collected sample', async () => {
    const res = await step(visit.visitId, s.specimens[0].uid, 'receive');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.specimens[0]).toMatchObject({ status: 'received', received: { name: labName } });
  });

  it('refuses a rejection without a reason or with a reason not on the list, changing nothing', async () => {
    const none = await step(visit.visitId, s.specimens[1].uid, 'reject', {});
    expect(none.statusCode).toBe(400);
    expect(json(none).errors).toEqual([
      { path: 'reason', message: 'Pilih alasan penolakan atau tulis alasannya' },
    ]);
    const unknown = await step(visit.visitId, s.specimens[1].uid, 'reject', { reasonCode: 'NGAWUR' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe('Alasan penolakan tidak ada di daftar');
    expect((await specimensOf(visit.visitId)).specimens[1].status).toBe('collected');
  });

  it('rejects with a listed reason: kept as rejected, a new container labelled, sampling flag cleared', async () => {
    const rejected = s.specimens[1];
    const res = await step(visit.visitId, rejected.uid, 'reject', {
      reasonCode: 'hemolisis',
      reason: 'sangat merah',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json(res).data as LabVisitSpecimens;
    expect(after.samplingDone).toBe(false);
    expect(await samplingDone(visit.visitId)).toBe(false);
    const fresh = after.specimens.find((x) => x.replacesBarcode === rejected.barcode)!;
    expect(fresh).toMatchObject({ container: 'plain', status: 'labelled' });
    expect(fresh.barcode).not.toBe(rejected.barcode);
    const old = after.specimens.find((x) => x.uid === rejected.uid)!;
    expect(old.status).toBe('rejected');
    expect(old.rejectReason).toMatch(/hemolisis — sangat merah$/i);
    // the rejected one is listed last, and rejecting it again creates nothing
    expect(after.specimens.at(-1)!.uid).toBe(rejected.uid);
    await step(visit.visitId, rejected.uid, 'reject', { reason: 'lagi' });
    const rows = await ctx.database.db.select().from(labSpecimens).where(eq(labSpecimens.container, 'plain'));
    expect(rows.filter((r) => r.barcode === fresh.barcode || r.uid === rejected.uid)).toHaveLength(2);
    expect((await specimensOf(visit.visitId)).specimens).toHaveLength(4);
    // labelling again adds nothing: the new plain tube is the current one
    await call('POST', `/lab-specimens/visits/${visit.visitId}/label`, 'lab');
    expect((await specimensOf(visit.visitId)).specimens).toHaveLength(4);
    // the new sample taken: the flag is set again
    const taken = await step(visit.visitId, fresh.uid, 'collect');
    expect(json(taken).data.samplingDone).toBe(true);
  });

  it('prints the current containers’ labels as a 50 × 25 mm PDF or an A4 sheet', async () => {
    const label = await call('GET', `/lab-specimens/visits/${visit.visitId}/labels`, 'lab');
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = label.rawPayload.toString('latin1');
    // three current containers: three label pages of 50 × 25 mm (141.73 × 70.87 pt)
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pdf).toMatch(/MediaBox \[0 0 141\.7\d* 70\.8\d*\]/);
    const sheet = await call('GET', `/lab-specimens/visits/${visit.visitId}/labels?layout=sheet`, 'lab');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const bad = await call('GET', `/lab-specimens/visits/${visit.visitId}/labels?layout=poster`, 'lab');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses another clinic’s lab (403), another corporate (404) and a desk without the lab’s right', async () => {
    expect((await call('GET', `/lab-specimens/visits/${visit.visitId}`, 'labsurabaya')).statusCode).toBe(403);
    expect(
      (await call('POST', `/lab-specimens/visits/${visit.visitId}/label`, 'labsurabaya')).statusCode,
    ).toBe(403);
    expect((await call('GET', `/lab-specimens/visits/${visit.visitId}`, 'adminlain')).statusCode).toBe(404);
    expect(
      (await call('POST', `/lab-specimens/visits/${visit.visitId}/label`, 'pendaftaran')).statusCode,
    ).toBe(403);
    expect((await step(visit.visitId, 'no-such-uid', 'collect')).statusCode).toBe(404);
  });
});
