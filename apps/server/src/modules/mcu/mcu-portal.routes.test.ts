import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  mcuConclusions,
  mcuEvents,
  mcuPackages,
  mcuParticipants,
  mcuStationResults,
  partnerCompanies,
  patients,
  payerInvoices,
  services,
  users,
} from '../../db/schema/index.ts';
import { newUid } from '../../shared/crypto.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/**
 * The company portal (issue 20 §8) through the API on a real database: the HR user `hrd` of
 * PT Maju Bersama Logistik sees its company's events only, the participants' progress and approved
 * categories, the medical details only of those who consented, the invoices issued to it (not a
 * draft, not another company's); another company's event is 404, a user of no company and a
 * clinic's staff are refused, and every read is audited.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const today = clinicDay('Asia/Jakarta');
let corpId = 0;
let mbl = 0;
let other = 0;
let hrdId = 0;
const events = { mine: '', theirs: '' };

const get = (url: string, who: string) =>
  ctx.app.inject({ method: 'GET', url: `${API}/mcu/portal${url}`, headers: { authorization: tokens[who] } });

async function event(companyId: number, name: string, packageId: number, patientIds: number[]) {
  const db = ctx.database.db;
  const [row] = await db
    .insert(mcuEvents)
    .values({
      uid: newUid(),
      corpId,
      clinicId: 11,
      companyId,
      name,
      examType: 'periodic',
      startDate: today,
      endDate: today,
    })
    .returning();
  const plan = [
    { status: 'approved', consent: true, category: 'FIT' },
    { status: 'approved', consent: false, category: 'UNFIT' },
    { status: 'inProgress', consent: true },
    { status: 'registered', consent: false },
  ] as const;
  for (const [i, p] of plan.entries()) {
    const [participant] = await db
      .insert(mcuParticipants)
      .values({
        uid: newUid(),
        corpId,
        clinicId: 11,
        eventId: row.id,
        companyId,
        seq: 9000 + row.id * 10 + i,
        mcuNumber: `UJI-${row.id}-${i + 1}`,
        patientId: patientIds[i],
        employeeNumber: `EMP-${row.id}-${i + 1}`,
        nik: `31710512059000${row.id}${i}`.slice(0, 16),
        name: `Peserta ${name} ${i + 1}`,
        sex: 'M',
        birthDate: '1990-05-12',
        department: 'Gudang',
        packageId,
        status: p.status,
        consentToShare: p.consent,
      })
      .returning();
    // every participant was measured: the recap shows the values only to whom consented
    await db.insert(mcuStationResults).values({
      participantId: participant.id,
      station: 'vitals',
      data: { systolic: 150 + i, diastolic: 95, pulse: 88 },
      findings: ['Hipertensi derajat 1'],
      normal: false,
      examinedBy: hrdId,
    });
    if ('category' in p)
      await db.insert(mcuConclusions).values({
        uid: newUid(),
        participantId: participant.id,
        status: 'approved',
        category: p.category,
        conclusion: `Kesimpulan rahasia ${i + 1}`,
        advice: 'Olahraga teratur',
        findings: ['Hipertensi derajat 1'],
        verifyToken: newUid(),
        writtenBy: hrdId,
        approvedBy: hrdId,
        approvedAt: new Date(),
      });
  }
  return row.uid;
}

async function invoice(companyId: number, status: string, number: string) {
  await ctx.database.db.insert(payerInvoices).values({
    uid: newUid(),
    corpId,
    clinicId: 11,
    number,
    payerKind: 'company',
    companyId,
    payerName: 'PT',
    periodFrom: today,
    periodTo: today,
    issueDate: today,
    dueDate: today,
    termDays: 30,
    status,
    preparedBy: hrdId,
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const [hrd] = await db.select().from(users).where(eq(users.username, 'hrd'));
  hrdId = hrd.id;
  corpId = hrd.corpId;
  mbl = hrd.companyId!;
  const [company] = await db
    .insert(partnerCompanies)
    .values({ corpId, name: 'PT Lain Sendiri', code: 'PLS' })
    .returning();
  other = company.id;
  // a second company's HR user (same role and password as hrd) and an HR user of no company
  const base = {
    passwordHash: hrd.passwordHash,
    roleId: hrd.roleId,
    corpId,
    clinicId: hrd.clinicId,
    name: 'HR',
  };
  await db.insert(users).values([
    { ...base, uid: newUid(), username: 'hrd-lain', companyId: other },
    { ...base, uid: newUid(), username: 'hrd-tanpa', companyId: null },
  ]);
  for (const who of ['hrd', 'hrd-lain', 'hrd-tanpa', 'kasir', 'admin'])
    tokens[who] = await loginAs(ctx.app, who);
  const [pkg] = await db.select({ id: services.id }).from(services).orderBy(asc(services.id)).limit(1);
  await db
    .insert(mcuPackages)
    .values({ serviceId: pkg.id, examType: 'periodic', stations: ['vitals'] })
    .onConflictDoUpdate({ target: mcuPackages.serviceId, set: { stations: ['vitals'] } });
  const ids = (await db.select({ id: patients.id }).from(patients).orderBy(asc(patients.id)).limit(8)).map(
    (p) => p.id,
  );
  events.mine = await event(mbl, 'MCU Berkala Logistik', pkg.id, ids.slice(0, 4));
  events.theirs = await event(other, 'MCU Perusahaan Lain', pkg.id, ids.slice(4, 8));
  await invoice(mbl, 'SENT', 'TG/11/UJI/0001');
  await invoice(mbl, 'DRAFT', 'TG/11/UJI/0002');
  await invoice(other, 'SENT', 'TG/11/UJI/0003');
}, 180_000);
afterAll(() => ctx?.close());

describe('the company portal', () => {
  it('lists the user’s company’s events only, with their progress', async () => {
    const res = await get('/events', 'hrd');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.company.name).toBe('PT Maju Bersama Logistik');
    expect(data.events.map((e: { uid: string }) => e.uid)).toEqual([events.mine]);
    expect(data.events[0].progress).toEqual({ registered: 1, inProgress: 1, done: 0, approved: 2, total: 4 });
    // the other company's HR user sees only theirs
    const theirs = json(await get('/events', 'hrd-lain')).data;
    expect(theirs.events.map((e: { uid: string }) => e.uid)).toEqual([events.theirs]);
  });

  it('shows categories once approved, the medical details only with consent', async () => {
    const res = await get(`/events/${events.mine}/participants`, 'hrd');
    expect(res.statusCode).toBe(200);
    const [consented, withheld, inProgress, registered] = json(res).data.participants;
    expect(consented.category).toMatchObject({ code: 'FIT' });
    expect(consented.medical).toMatchObject({
      findings: ['Hipertensi derajat 1'],
      conclusion: 'Kesimpulan rahasia 1',
    });
    expect(withheld.category).toMatchObject({ code: 'UNFIT' });
    expect(withheld.medical).toBeNull();
    expect(res.body).not.toContain('Kesimpulan rahasia 2');
    // consent recorded, but nothing approved yet: no category, no details
    expect(inProgress).toMatchObject({ status: 'inProgress', category: null, medical: null });
    expect(registered).toMatchObject({ status: 'registered', category: null, medical: null });
    const filtered = json(await get(`/events/${events.mine}/participants?status=approved`, 'hrd')).data;
    expect(filtered.participants).toHaveLength(2);
  });

  it('does not find another company’s event (404)', async () => {
    expect((await get(`/events/${events.theirs}/participants`, 'hrd')).statusCode).toBe(404);
    expect((await get(`/events/${events.mine}/participants`, 'hrd-lain')).statusCode).toBe(404);
  });

  it('lists the invoices issued to the company, not a draft nor another company’s', async () => {
    const res = await get('/invoices', 'hrd');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.invoices.map((i: { number: string }) => i.number)).toEqual(['TG/11/UJI/0001']);
    expect(data.invoices[0]).toMatchObject({ status: 'SENT', total: 0, open: 0 });
  });

  it('downloads the recap: categories once approved, medical columns only with consent', async () => {
    const res = await get(`/events/${events.mine}/recap.xlsx`, 'hrd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-row-count']).toBe('4');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
    );
    const [head, ...people] = rows;
    const col = (heading: string) => head.findIndex((h) => h === heading);
    const byName = (n: number) => people.find((r) => r.includes(`Peserta MCU Berkala Logistik ${n}`)) ?? [];
    const [consented, withheld, inProgress, registered] = [1, 2, 3, 4].map(byName);
    const text = (row: string[]) => row.join(' | ');
    // the consented participant: values, findings and the conclusion text
    expect(text(consented)).toContain('150/95');
    expect(text(consented)).toContain('Kesimpulan rahasia 1');
    expect(text(consented)).toContain('Hipertensi derajat 1');
    // without consent: the approved category only
    expect(text(withheld)).not.toContain('151/95');
    expect(text(withheld)).not.toContain('Kesimpulan rahasia 2');
    expect(text(withheld)).not.toContain('Hipertensi');
    const result = col('Hasil');
    expect(result).toBeGreaterThan(0);
    expect(withheld[result]).not.toBe('');
    expect(consented[result]).not.toBe('');
    // consent recorded but nothing approved yet, and neither consent nor approval: nothing medical
    for (const row of [inProgress, registered]) {
      expect(row[result] ?? '').toBe('');
      expect(text(row)).not.toMatch(/15[23]\/95|Hipertensi/);
    }
    // the statistics count the findings shown only
    const stats = book.worksheets[1];
    const statsText: string[] = [];
    stats.eachRow((row) => statsText.push((row.values as unknown[]).slice(1).join('|')));
    expect(statsText).toContain('Hipertensi derajat 1|1');

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mcu.portal.recap'), eq(auditLog.entityId, events.mine)));
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({ companyId: mbl, participants: 4, medicalShown: 1 });
  });

  it('does not give another company’s recap (404), nor to the clinic’s staff', async () => {
    expect((await get(`/events/${events.theirs}/recap.xlsx`, 'hrd')).statusCode).toBe(404);
    expect((await get(`/events/${events.mine}/recap.xlsx`, 'hrd-lain')).statusCode).toBe(404);
    expect((await get(`/events/${events.mine}/recap.xlsx`, 'hrd-tanpa')).statusCode).toBe(403);
    expect((await get(`/events/${events.mine}/recap.xlsx`, 'kasir')).statusCode).toBe(403);
  });

  it('refuses a user of no company and the clinic’s staff', async () => {
    expect((await get('/events', 'hrd-tanpa')).statusCode).toBe(403);
    for (const who of ['kasir', 'admin']) {
      expect((await get('/events', who)).statusCode).toBe(403);
      expect((await get('/invoices', who)).statusCode).toBe(403);
      expect((await get(`/events/${events.mine}/participants`, who)).statusCode).toBe(403);
    }
  });

  it('audits every read', async () => {
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, hrdId), eq(auditLog.entity, 'mcuPortal')));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['mcu.portal.events', 'mcu.portal.participants', 'mcu.portal.invoices']),
    );
    const read = rows.find((r) => r.action === 'mcu.portal.participants' && r.entityId === events.mine);
    expect(read?.detail).toMatchObject({ companyId: mbl, participants: 4 });
  });
});
