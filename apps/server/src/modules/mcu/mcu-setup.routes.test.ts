import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents, mcuParticipants, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { caller, mcuPackage, nikFor, sheet, today } from './mcu-setup.fixtures.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let api: ReturnType<typeof caller>;
let company: { uid: string };
let packageUid: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'b2b',
    'companyList',
    'partners',
    'partnerCompanies',
  ]);
  for (const u of ['admin', 'pendaftaran']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  api = caller(ctx, tokens);
  company = await api.must('POST', '/partner-companies', { name: 'PT Cikarang Baja', code: 'CKB' });
  packageUid = await mcuPackage(ctx, api.must, 'MCU-DASAR');
});
afterAll(() => ctx.close());

const eventBody = (over: object = {}) => ({
  name: 'MCU Berkala 2026',
  companyUid: company.uid,
  clinicId: 11,
  examType: 'periodic',
  startDate: today(),
  endDate: today(),
  packages: [{ jobGroup: 'Staf', packageUid }],
  ...over,
});

describe('MCU packages', () => {
  it('lists the mcu packages; sets exam type and stations, lab added with the lab items', async () => {
    const [before] = (await api.must('GET', '/mcu/packages')) as { serviceUid: string }[];
    expect(before).toMatchObject({
      serviceUid: packageUid,
      code: 'MCU-DASAR',
      examType: null,
      stations: ['lab'],
    });
    const saved = await api.must('PUT', `/mcu/packages/${packageUid}`, {
      examType: 'periodic',
      stations: ['eye', 'vitals', 'anamnesis'],
    });
    expect(saved).toMatchObject({ examType: 'periodic', stations: ['anamnesis', 'vitals', 'eye', 'lab'] });
    expect(saved.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'LAB-GDP', group: 'lab' })]),
    );
    const bad = await api.call('PUT', `/mcu/packages/${packageUid}`, 'admin', {
      examType: 'x',
      stations: ['moon'],
    });
    expect(bad.statusCode).toBe(400);

    await api.must('POST', `/partner-companies/${company.uid}/prices`, {
      serviceUid: packageUid,
      price: 450_000,
      validFrom: '2020-01-01',
    });
    const [priced] = await api.must('GET', `/mcu/packages?companyUid=${company.uid}`);
    expect(priced.contractPrice).toBe(450_000);
  });
});

describe('MCU events', () => {
  it('creates, lists with progress, reads and changes an event; refuses what is out of scope', async () => {
    const event = await api.must('POST', '/mcu/events', eventBody());
    expect(event).toMatchObject({
      name: 'MCU Berkala 2026',
      company: { uid: company.uid, code: 'CKB' },
      clinicId: 11,
      status: 'open',
      packages: [{ jobGroup: 'Staf', packageUid, code: 'MCU-DASAR' }],
      progress: { registered: 0, inProgress: 0, done: 0, approved: 0, total: 0 },
    });
    const page = await api.must('GET', `/mcu/events?companyUid=${company.uid}`);
    expect(page.docs.map((e: { uid: string }) => e.uid)).toContain(event.uid);
    expect((await api.must('GET', `/mcu/events/${event.uid}`)).uid).toBe(event.uid);
    const changed = await api.must('PUT', `/mcu/events/${event.uid}`, eventBody({ name: 'MCU 2026 (ubah)' }));
    expect(changed.name).toBe('MCU 2026 (ubah)');

    // dates the wrong way round, a clinic that is not an MCU site
    const order = await api.call(
      'POST',
      '/mcu/events',
      'admin',
      eventBody({ startDate: '2030-02-02', endDate: '2030-02-01' }),
    );
    expect(order.statusCode).toBe(400);
    expect(JSON.stringify(json(order).errors)).toContain('endDate');
    const notSite = await api.call('POST', '/mcu/events', 'admin', eventBody({ clinicId: 10 }));
    expect(notSite.statusCode).toBe(400);
    // a clinic outside the clerk's scope (pendaftaran works at clinic 10 only)
    expect((await api.call('POST', '/mcu/events', 'pendaftaran', eventBody())).statusCode).toBe(403);
    expect((await api.call('GET', `/mcu/events/${event.uid}`, 'pendaftaran')).statusCode).toBe(403);
    // another corporate's event is not found
    const foreign = await api.call('GET', `/mcu/events/${event.uid}`, 'adminlain');
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await api.call('GET', `/mcu/events/${event.uid}/participants`, 'adminlain')).statusCode).toBe(
      404,
    );
    const foreignList = await api.must('GET', '/mcu/events', undefined, 'adminlain');
    expect(foreignList.totalDocs).toBe(0);
  });

  it('checks a participant in once: one visit, one service.performed; a closed event refuses', async () => {
    const event = await api.must('POST', '/mcu/events', eventBody({ name: 'MCU check-in' }));
    const imported = await api.upload(
      `/mcu/events/${event.uid}/participants/import`,
      'admin',
      await sheet([
        [
          'K-1',
          'Budi Hartono',
          nikFor('1990-04-05', 'L', 11),
          'Produksi',
          'Operator',
          'Staf',
          'L',
          '05/04/1990',
          'Cikarang',
        ],
      ]),
    );
    expect(imported.statusCode).toBe(200);
    const { docs } = await api.must('GET', `/mcu/events/${event.uid}/participants`);
    const p = docs[0];
    const first = await api.must('POST', `/mcu/participants/${p.uid}/check-in`);
    expect(first.participant).toMatchObject({
      status: 'inProgress',
      registrationUid: first.registration.uid,
    });
    const again = await api.must('POST', `/mcu/participants/${p.uid}/check-in`);
    expect(again.registration.uid).toBe(first.registration.uid);

    const db = ctx.database.db;
    const [visit] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.uid, first.registration.uid));
    expect(visit).toMatchObject({
      orderType: 'service',
      serviceType: 'MCU',
      payerType: 'company',
      clinicId: 11,
    });
    const performed = await db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'service.performed'), eq(domainEvents.aggregateId, p.uid)));
    expect(performed).toHaveLength(1);
    expect(performed[0].payload).toMatchObject({
      registrationId: first.registration.uid,
      serviceType: 'MCU',
      serviceCodes: ['MCU-DASAR'],
      sourceUid: p.uid,
    });
    const [{ n }] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'mcu.participant.checkIn'));
    expect(n).toBe(1);

    // the package does not change after check-in; department and consent do
    const locked = await api.call('PUT', `/mcu/participants/${p.uid}`, 'admin', {
      jobGroup: 'MCU-DASAR',
      department: 'QC',
    });
    expect(locked.statusCode).toBe(200);
    const fixed = await api.must('PUT', `/mcu/participants/${p.uid}`, {
      department: 'Gudang',
      consentToShare: true,
    });
    expect(fixed).toMatchObject({ department: 'Gudang', consentToShare: true });

    const progress = await api.must('GET', `/mcu/events/${event.uid}`);
    expect(progress.progress).toMatchObject({ inProgress: 1, total: 1 });

    await api.must('PUT', `/mcu/events/${event.uid}`, eventBody({ name: 'MCU check-in', status: 'closed' }));
    const closed = await api.upload(`/mcu/events/${event.uid}/participants/import`, 'admin', await sheet([]));
    expect(closed.statusCode).toBe(400);
    const [row] = await db.select().from(mcuParticipants).where(eq(mcuParticipants.uid, p.uid));
    expect(row.registrationId).toBe(visit.id);
  });

  it('refuses a check-in outside the event days', async () => {
    const event = await api.must(
      'POST',
      '/mcu/events',
      eventBody({ name: 'MCU nanti', startDate: '2099-01-01', endDate: '2099-01-31' }),
    );
    await api.upload(
      `/mcu/events/${event.uid}/participants/import`,
      'admin',
      await sheet([
        ['K-9', 'Sari Dewi', nikFor('1992-07-16', 'P', 12), '', '', 'Staf', 'P', '16/07/1992', ''],
      ]),
    );
    const { docs } = await api.must('GET', `/mcu/events/${event.uid}/participants`);
    const res = await api.call('POST', `/mcu/participants/${docs[0].uid}/check-in`, 'admin');
    expect(res.statusCode).toBe(409);
  });
});
