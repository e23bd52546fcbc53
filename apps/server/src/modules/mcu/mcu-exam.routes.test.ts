import { normalValues } from '@klinikita/domain/mcu/mcu-stations';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mcuStationResults, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { mcuPackage, mcuParticipant } from './mcu-exam.fixtures.ts';

/**
 * The MCU examination at Cikarang (11): the lab user passes a participant through the stations
 * (normal in one click, an abnormal value a finding, a value out of its limits refused), the lab
 * station is the lab's released report, then the examining doctor (dokter2) concludes and
 * approves; a change after approval is a new version with its reason.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;
let withLab: number;
let withoutLab: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

const exam = async (uid: string, who = 'lab') => {
  const res = await call('GET', `/mcu/participants/${uid}/exam`, who);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const station = (uid: string, name: string, data: object, who = 'lab') =>
  call('PUT', `/mcu/participants/${uid}/stations/${name}`, who, { data });
const vitals = {
  systolic: 120,
  diastolic: 80,
  pulse: 76,
  respiratoryRate: 16,
  temperature: 36.5,
  height: 170,
  weight: 65,
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const lab = await userByName(db, 'lab');
  corpId = lab.corpId;
  await db.insert(users).values({
    uid: newUid(),
    username: 'labsurabaya',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Lab Surabaya',
    roleId: lab.roleId,
    corpId,
    clinicId: 12,
  });
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['mcu']);
  for (const u of ['superadmin', 'lab', 'dokter2']) tokens[u] = await loginAs(ctx.app, u);
  tokens.labsurabaya = await loginAs(ctx.app, 'labsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  withLab = await mcuPackage(db, corpId, ['vitals', 'physical', 'lab'], ['Glukosa Darah Sewaktu']);
  withoutLab = await mcuPackage(db, corpId, ['anamnesis', 'vitals', 'physical']);
});
afterAll(() => ctx.close());

const participant = (packageId: number, o: { checkedIn?: boolean } = {}) =>
  mcuParticipant(ctx.app, ctx.database.db, tokens.superadmin, { corpId, packageId, ...o });

describe('stations', () => {
  it('records a normal station in one click, an abnormal value as a finding in Indonesian', async () => {
    const p = await participant(withoutLab);
    const before = await exam(p.uid);
    expect(before.participant).toMatchObject({ uid: p.uid, status: 'inProgress', visitUid: p.visitUid });
    expect(before.package.stations).toEqual(['anamnesis', 'vitals', 'physical']);
    expect(before.stations.map((s: { recorded: boolean }) => s.recorded)).toEqual([false, false, false]);
    expect(before.lab).toBeNull();
    // the lab has nothing to do on a package without lab items (not the visit's complaint text)
    const labWork = json(await call('GET', `/lab-results/visits/${p.visitUid}`, 'lab')).data;
    expect(labWork.tests).toEqual([]);
    expect(labWork.order.unmatchedItems).toEqual([]);
    expect(before.categories.map((c: { code: string }) => c.code)).toEqual([
      'FIT',
      'FIT_NOTE',
      'TEMP_UNFIT',
      'UNFIT',
    ]);

    const normal = await station(p.uid, 'physical', normalValues('physical'));
    expect(normal.statusCode, normal.body).toBe(200);
    const physical = json(normal).data.stations[2];
    expect(physical).toMatchObject({
      station: 'physical',
      recorded: true,
      result: { normal: true, findings: [] },
    });
    expect(physical.result.examined.name).toBe('Maya Anggraini');

    const abnormal = await station(p.uid, 'vitals', { ...vitals, systolic: 150, diastolic: 95, pulse: 110 });
    expect(abnormal.statusCode, abnormal.body).toBe(200);
    const answer = json(abnormal).data;
    expect(answer.stations[1].result.findings).toEqual([
      'Nadi 110 x/menit (di atas normal ≤ 100)',
      'Hipertensi derajat 1 (150/95 mmHg)',
    ]);
    expect(answer.findings).toEqual([
      { station: 'vitals', text: 'Nadi 110 x/menit (di atas normal ≤ 100)' },
      { station: 'vitals', text: 'Hipertensi derajat 1 (150/95 mmHg)' },
    ]);
    expect(answer.participant.status).toBe('inProgress');
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'mcu.station.save'));
    expect(n).toBe(2);
  });

  it('refuses a value out of its limits and changes nothing; a station not in the package is 409', async () => {
    const p = await participant(withoutLab);
    await station(p.uid, 'vitals', vitals);
    const refused = await station(p.uid, 'vitals', { ...vitals, systolic: 400, weight: 'berat' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors?.map((e) => e.path)).toEqual(['data.systolic', 'data.weight']);
    const bad = await station(p.uid, 'eye', normalValues('eye'));
    expect(bad.statusCode).toBe(409);
    expect(json(bad).message).toBe('Pos Mata tidak termasuk paket peserta ini');
    const rows = await ctx.database.db.select().from(mcuStationResults);
    const after = await exam(p.uid);
    expect(after.stations[1].result.data.systolic).toBe(120);
    expect(rows.filter((r) => r.station === 'eye')).toEqual([]);
    // not checked in: nothing to examine yet
    const waiting = await participant(withoutLab, { checkedIn: false });
    expect((await station(waiting.uid, 'vitals', vitals)).statusCode).toBe(409);
  });

  it('counts the lab station once the lab releases the package’s lab items: the participant is done', async () => {
    const p = await participant(withLab);
    await station(p.uid, 'vitals', vitals);
    await station(p.uid, 'physical', normalValues('physical'));
    let e = await exam(p.uid);
    expect(e.lab).toEqual({ status: 'none', findings: [] });
    expect(e.participant.status).toBe('inProgress');
    expect((await station(p.uid, 'lab', {})).statusCode).toBe(409);

    // the lab works on the package's items
    const work = json(await call('GET', `/lab-results/visits/${p.visitUid}`, 'lab')).data;
    expect(work.tests.map((t: { code: string }) => t.code)).toEqual(['LAB-GDS']);
    const values = work.tests[0].parameters.map((x: { uid: string }) => ({
      parameterUid: x.uid,
      value: 250,
    }));
    const saved = await call('PUT', `/lab-results/visits/${p.visitUid}/values`, 'lab', {
      version: null,
      values,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `/lab-results/visits/${p.visitUid}/validate`, 'lab')).statusCode).toBe(200);
    expect((await call('POST', `/lab-results/visits/${p.visitUid}/release`, 'lab')).statusCode).toBe(200);
    await ctx.app.outbox.drain();
    e = await exam(p.uid);
    expect(e.lab.status).toBe('released');
    expect(e.lab.findings[0]).toMatch(/250 .*\(H/);
    expect(e.stations[2]).toMatchObject({ station: 'lab', recorded: true });
    expect(e.participant.status).toBe('done');

    const list = json(await call('GET', '/mcu/worklist?clinicId=11&station=lab&notDone=true', 'lab')).data;
    expect(list.docs.some((r: { uid: string }) => r.uid === p.uid)).toBe(false);
    const all = json(
      await call('GET', `/mcu/worklist?clinicId=11&search=${e.participant.mcuNumber}`, 'lab'),
    ).data;
    expect(all.docs).toHaveLength(1);
    expect(all.docs[0]).toMatchObject({ status: 'done', left: [] });
    // the lab sidebar's visit finds its participant, whatever the day asked
    const byVisit = json(
      await call('GET', `/mcu/worklist?clinicId=11&visitUid=${p.visitUid}&date=2001-01-01`, 'lab'),
    ).data;
    expect(byVisit.docs.map((r: { uid: string }) => r.uid)).toEqual([p.uid]);
  });
});

describe('exposures', () => {
  it('saves the exposures and answers the suggested tests the package lacks', async () => {
    const p = await participant(withoutLab);
    const res = await call('PUT', `/mcu/participants/${p.uid}/exposures`, 'lab', {
      exposures: [
        { group: 'physical', agent: 'noise', hoursPerDay: 8, years: 5, ppe: 'Earplug', level: '88 dB' },
        { group: 'chemical', agent: 'Debu silika', hoursPerDay: 4, years: 2 },
      ],
      occupationalHistory: 'Operator produksi sejak 2019',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.suggestedTests).toEqual([
      { station: 'audiometry', agents: ['noise'], missing: true },
      { station: 'spirometry', agents: ['Debu silika'], missing: true },
      { station: 'xray', agents: ['Debu silika'], missing: true },
    ]);
    const e = await exam(p.uid);
    expect(e.exposures[1]).toEqual({
      group: 'chemical',
      agent: 'Debu silika',
      hoursPerDay: 4,
      years: 2,
      ppe: null,
      level: null,
    });
    expect(e.occupationalHistory).toBe('Operator produksi sejak 2019');
    const bad = await call('PUT', `/mcu/participants/${p.uid}/exposures`, 'lab', {
      exposures: [{ group: 'cosmic', agent: 'x', hoursPerDay: 30 }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('conclusion', () => {
  it('drafts, approves when done, refuses a change without reason, then takes a new version', async () => {
    const p = await participant(withoutLab);
    const draft = {
      category: 'FIT_NOTE',
      conclusion: 'Layak kerja dengan catatan',
      advice: 'Kurangi garam',
      restrictions: null,
      followUpDate: '2027-01-15',
    };
    await station(p.uid, 'anamnesis', normalValues('anamnesis'));
    await station(p.uid, 'vitals', { ...vitals, systolic: 150 });
    const saved = await call('PUT', `/mcu/participants/${p.uid}/conclusion`, 'dokter2', draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data.conclusions[0]).toMatchObject({
      version: 1,
      status: 'draft',
      category: 'FIT_NOTE',
      categoryLabel: 'Layak kerja dengan catatan',
      findings: ['Hipertensi derajat 1 (150/80 mmHg)'],
      verifyToken: null,
    });
    // not done yet: physical missing
    expect((await call('POST', `/mcu/participants/${p.uid}/conclusion/approve`, 'dokter2')).statusCode).toBe(
      409,
    );
    await station(p.uid, 'physical', normalValues('physical'));
    // the lab user examines but does not approve (nor conclude)
    expect((await call('POST', `/mcu/participants/${p.uid}/conclusion/approve`, 'lab')).statusCode).toBe(403);
    expect((await call('PUT', `/mcu/participants/${p.uid}/conclusion`, 'lab', draft)).statusCode).toBe(403);
    const approved = await call('POST', `/mcu/participants/${p.uid}/conclusion/approve`, 'dokter2');
    expect(approved.statusCode, approved.body).toBe(200);
    const a = json(approved).data;
    expect(a.participant.status).toBe('approved');
    expect(a.conclusions[0]).toMatchObject({
      status: 'approved',
      approved: { name: 'dr. Sari Dewi, Sp.PD' },
    });
    expect(a.conclusions[0].verifyToken).toMatch(/^[\w-]{20,}$/);
    expect(a.editable).toBe(false);

    expect((await station(p.uid, 'physical', normalValues('physical'))).statusCode).toBe(409);
    const noReason = await call('PUT', `/mcu/participants/${p.uid}/conclusion`, 'dokter2', {
      ...draft,
      category: 'FIT',
    });
    expect(noReason.statusCode).toBe(409);
    const amended = await call('PUT', `/mcu/participants/${p.uid}/conclusion`, 'dokter2', {
      ...draft,
      category: 'FIT',
      amendmentReason: 'Tensi ulang normal',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    const v = json(amended).data;
    expect(v.conclusions.map((c: { version: number; status: string }) => [c.version, c.status])).toEqual([
      [2, 'draft'],
      [1, 'replaced'],
    ]);
    expect(v.conclusions[0].amendmentReason).toBe('Tensi ulang normal');
    expect(v.participant.status).toBe('done');
    const again = await call('POST', `/mcu/participants/${p.uid}/conclusion/approve`, 'dokter2');
    expect(json(again).data.conclusions[0]).toMatchObject({
      version: 2,
      status: 'approved',
      category: 'FIT',
    });
  });

  it('takes a company’s own categories instead of the corporate list', async () => {
    const p = await participant(withoutLab);
    const put = await call('PUT', `/mcu/companies/${p.companyUid}/categories`, 'superadmin', {
      categories: [
        { code: 'P1', label: 'Fit', fit: true },
        { code: 'P2', label: 'Unfit', fit: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).data.source).toBe('company');
    expect((await exam(p.uid)).categories.map((c: { code: string }) => c.code)).toEqual(['P1', 'P2']);
    const unknown = await call('PUT', `/mcu/participants/${p.uid}/conclusion`, 'dokter2', {
      category: 'FIT',
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call('PUT', `/mcu/companies/${p.companyUid}/categories`, 'lab', { categories: [] })).statusCode,
    ).toBe(403);
    await call('PUT', `/mcu/companies/${p.companyUid}/categories`, 'superadmin', { categories: [] });
    const back = json(await call('GET', `/mcu/companies/${p.companyUid}/categories`, 'lab')).data;
    expect(back.source).toBe('corporate');
  });
});

describe('scope', () => {
  it('refuses a participant of a clinic outside the caller’s scope (403) and of another corporate (404)', async () => {
    const p = await participant(withoutLab);
    expect((await call('GET', `/mcu/participants/${p.uid}/exam`, 'labsurabaya')).statusCode).toBe(403);
    expect((await station(p.uid, 'vitals', vitals, 'labsurabaya')).statusCode).toBe(403);
    expect((await call('GET', `/mcu/participants/${p.uid}/exam`, 'adminlain')).statusCode).toBe(404);
    expect((await call('GET', '/mcu/worklist?clinicId=11', 'labsurabaya')).statusCode).toBe(403);
    expect((await call('GET', `/mcu/companies/${p.companyUid}/categories`, 'adminlain')).statusCode).toBe(
      404,
    );
  });
});
