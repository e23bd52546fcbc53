import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  patients,
  registrations,
  roles,
  satusehatDeliveries,
  users,
} from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { book } from '../../test/booking-fixtures.ts';
import { addForeignCorporate } from '../../test/staff-fixtures.ts';
import { countStatements } from '../../test/statements.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

const DELIVERIES = `${API}/satu-sehat/deliveries`;
const MENTENG = 10;
const OTHER = 11;
/** A day of its own, so that the demo's rows never count */
const DAY = addDays(clinicDay('Asia/Jakarta'), -40);

let t: TestContext;
let admin: string;
let dokter: string;
let pendaftaran: string;
/** A clinic admin of Menteng only */
let adminMenteng: string;
let patientName: string;
let corpId: number;

type DeliveryInsert = typeof satusehatDeliveries.$inferInsert;

/** `n` real visits booked on the day; answers their ids and public ids, oldest first. */
async function visits(clinicId: number, n: number, day = DAY) {
  await book(t.database.db, { clinicId, day, n, status: 'Finished' });
  const rows = await t.database.db
    .select({ id: registrations.id, uid: registrations.uid, corpId: registrations.corpId })
    .from(registrations)
    .where(and(eq(registrations.clinicId, clinicId), eq(registrations.queueDate, day)))
    .orderBy(desc(registrations.id))
    .limit(n);
  return rows.reverse();
}

async function deliver(
  visit: { id: number; corpId: number },
  clinicId: number,
  values: Partial<DeliveryInsert> = {},
  day = DAY,
) {
  const [row] = await t.database.db
    .insert(satusehatDeliveries)
    .values({
      corpId: visit.corpId,
      clinicId,
      kind: 'encounter',
      sourceKey: newUid(),
      registrationId: visit.id,
      clinicDay: day,
      ...values,
    })
    .returning();
  return row;
}

let foreign: Promise<typeof registrations.$inferSelect> | undefined;
/** A visit of another corporate (its clinic 20), made once for the file. */
function foreignVisit() {
  foreign ??= (async () => {
    const { corpId: theirs } = await addForeignCorporate(t.database.db);
    const [patient] = await t.database.db.select({ id: patients.id }).from(patients).limit(1);
    const [row] = await t.database.db
      .insert(registrations)
      .values({
        uid: newUid(),
        corpId: theirs,
        clinicId: 20,
        patientId: patient.id,
        orderType: 'service',
        serviceType: 'LAB',
        queueDate: DAY,
        queuePrefix: 'F',
        queueSeq: 1,
        queueNumber: 'F-1',
        room: 'Lab',
        payerType: 'self',
      })
      .returning();
    return row;
  })();
  return foreign;
}

const call = (token: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers } });
const list = (token: string, query: string) => call(token, 'GET', `${DELIVERIES}?${query}`);
const resend = (token: string, uid: string) => call(token, 'POST', `${DELIVERIES}/${uid}/resend`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  dokter = await loginAs(t.app, 'dokter');
  pendaftaran = await loginAs(t.app, 'pendaftaran');
  const [demo] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  corpId = demo.corpId;
  const [role] = await t.database.db
    .insert(roles)
    .values({ uid: newUid(), corpId, name: 'Admin Klinik' })
    .returning();
  await grantMenus(t.database.db, role.id, ['setting', 'settingSatuSehat']);
  await t.database.db.insert(users).values({
    uid: newUid(),
    username: 'adminmenteng',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Admin Menteng',
    roleId: role.id,
    corpId,
    clinicId: MENTENG,
  });
  adminMenteng = await loginAs(t.app, 'adminmenteng', 'rahasia123');
  const [first] = await t.database.db.select({ name: patients.name }).from(patients).limit(1);
  patientName = first.name;
});
afterAll(() => t.close());

describe('SATUSEHAT sync screen (GET /satu-sehat/deliveries)', () => {
  let refused: typeof satusehatDeliveries.$inferSelect;
  let queueNumbers: string[];

  beforeAll(async () => {
    const v = await visits(MENTENG, 4);
    await deliver(v[0], MENTENG, {
      state: 'accepted',
      attempts: 1,
      lastAttemptAt: new Date(),
      acceptedAt: new Date(),
      lastStatus: 200,
      platformIds: [{ resourceType: 'Encounter', id: 'enc-1', local: 'Encounter' }],
    });
    await deliver(v[0], MENTENG, { kind: 'dispense', state: 'waiting', attempts: 2, lastStatus: 503 });
    refused = await deliver(v[1], MENTENG, {
      state: 'refused',
      attempts: 1,
      lastAttemptAt: new Date(),
      lastStatus: 400,
      message: 'Encounter.period.start must not be before 2014-06-03',
      issueCode: 'value',
      expression: 'Encounter.period.start',
    });
    await deliver(v[2], MENTENG, { state: 'blocked', blockedReason: 'patientNoNik' });
    await deliver(v[3], MENTENG, { kind: 'lab', state: 'waiting' });
    // another day and another clinic never count
    await deliver(v[3], MENTENG, { kind: 'dispense', state: 'refused' }, addDays(DAY, -1));
    const [o] = await visits(OTHER, 1);
    await deliver(o, OTHER, { state: 'refused' });
    queueNumbers = (
      await t.database.db
        .select({ n: registrations.queueNumber })
        .from(registrations)
        .where(eq(registrations.id, v[1].id))
    ).map((r) => r.n);
  });

  it('answers the clinic day’s deliveries with the counts per state and the platform’s words', async () => {
    const res = await list(admin, `clinicId=${MENTENG}&date=${DAY}`);
    expect(res.statusCode).toBe(200);
    const page = json(res).data;
    expect(page.counts).toEqual({ waiting: 2, accepted: 1, refused: 1, blocked: 1 });
    expect(page.totalDocs).toBe(5);
    const row = page.docs.find((d: { uid: string }) => d.uid === refused.uid);
    expect(row).toMatchObject({
      kind: 'encounter',
      state: 'refused',
      patientName,
      registrationNo: queueNumbers[0],
      attempts: 1,
      lastStatus: 400,
      message: 'Encounter.period.start must not be before 2014-06-03',
      issueCode: 'value',
      expression: 'Encounter.period.start',
      nextAttemptAt: null,
      blockedReason: null,
    });
    expect(page.docs.find((d: { state: string }) => d.state === 'blocked').blockedReason).toBe(
      'patientNoNik',
    );
    expect(page.docs.find((d: { state: string }) => d.state === 'accepted').platformIds).toEqual([
      { resourceType: 'Encounter', id: 'enc-1', local: 'Encounter' },
    ]);
    expect(res.body).not.toMatch(/lease/i);
  });

  it('filters by state and kind, searches and pages, the counts staying the day’s', async () => {
    const waiting = json(await list(admin, `clinicId=${MENTENG}&date=${DAY}&state=waiting`)).data;
    expect(waiting.docs.map((d: { state: string }) => d.state)).toEqual(['waiting', 'waiting']);
    expect(waiting.counts.accepted).toBe(1);
    const lab = json(await list(admin, `clinicId=${MENTENG}&date=${DAY}&kind=lab`)).data;
    expect(lab.docs).toHaveLength(1);
    expect(lab.docs[0].nextAttemptAt).not.toBeNull();
    const byNumber = json(
      await list(admin, `clinicId=${MENTENG}&date=${DAY}&q=${encodeURIComponent(queueNumbers[0])}`),
    ).data;
    expect(byNumber.docs.map((d: { uid: string }) => d.uid)).toEqual([refused.uid]);
    const nobody = json(await list(admin, `clinicId=${MENTENG}&date=${DAY}&q=%25zz_nobody`)).data;
    expect(nobody.totalDocs).toBe(0);
    const second = json(await list(admin, `clinicId=${MENTENG}&date=${DAY}&limit=2&page=2`)).data;
    expect(second).toMatchObject({ page: 2, limit: 2, totalDocs: 5, totalPages: 3 });
    expect(second.docs).toHaveLength(2);
  });

  it('refuses a clinic outside the caller’s scope, a caller without the permission, and bad input', async () => {
    expect((await list(adminMenteng, `clinicId=${OTHER}&date=${DAY}`)).statusCode).toBe(403);
    expect((await list(pendaftaran, `clinicId=${MENTENG}&date=${DAY}`)).statusCode).toBe(403);
    expect((await list(dokter, `clinicId=${MENTENG}&date=${DAY}`)).statusCode).toBe(403);
    const bad = await list(admin, `clinicId=${MENTENG}&date=26-11-2026&state=lost`);
    expect(bad.statusCode).toBe(400);
    const paths = json(bad).errors?.map((e: { path?: string; field?: string }) => e.path ?? e.field);
    expect(paths).toEqual(expect.arrayContaining(['date', 'state']));
  });

  it('puts a refused delivery back in the queue, keeps its message, audits it', async () => {
    await t.database.db
      .update(satusehatDeliveries)
      .set({ leaseOwner: 'worker-a', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(satusehatDeliveries.id, refused.id));
    const res = await resend(admin, refused.uid);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Dikirim ulang: masuk antrean pengiriman');
    expect(json(res).data).toMatchObject({ uid: refused.uid, state: 'waiting', issueCode: 'value' });
    const [row] = await t.database.db
      .select()
      .from(satusehatDeliveries)
      .where(eq(satusehatDeliveries.id, refused.id));
    expect(row).toMatchObject({ state: 'waiting', leaseOwner: null, leaseUntil: null });
    expect(row.message).toBe('Encounter.period.start must not be before 2014-06-03');
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'satusehat.resend'), eq(auditLog.entityId, refused.uid)));
    expect(audits).toHaveLength(1);
    expect(audits[0].detail).toMatchObject({ from: 'refused', issueCode: 'value' });

    // again: already waiting, nothing changes
    const again = await resend(admin, refused.uid);
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toBe('Pengiriman ini sudah menunggu di antrean');
  });

  it('refuses to resend an accepted delivery (409), another clinic’s (403) or corporate’s (404)', async () => {
    const [v] = await visits(MENTENG, 1);
    const accepted = await deliver(v, MENTENG, { state: 'accepted' });
    const res = await resend(admin, accepted.uid);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Pengiriman ini sudah diterima SATUSEHAT dan tidak dikirim ulang');

    const [o] = await visits(OTHER, 1);
    const other = await deliver(o, OTHER, { state: 'refused' });
    expect((await resend(adminMenteng, other.uid)).statusCode).toBe(403);
    expect((await resend(admin, newUid())).statusCode).toBe(404);

    const fv = await foreignVisit();
    const theirs = await deliver(fv, 20, { state: 'refused' });
    expect((await resend(admin, theirs.uid)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${API}/satu-sehat/visits/${fv.uid}`)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ state: satusehatDeliveries.state })
      .from(satusehatDeliveries)
      .where(eq(satusehatDeliveries.id, theirs.id));
    expect(row.state).toBe('refused');
  });
});

describe('the visit’s badge and the dashboard’s count', () => {
  it('answers the worst state of a visit’s deliveries to whoever reads the record', async () => {
    const [v, quiet] = await visits(MENTENG, 2, addDays(DAY, 1));
    await deliver(v, MENTENG, { state: 'accepted' }, addDays(DAY, 1));
    await deliver(
      v,
      MENTENG,
      { kind: 'dispense', state: 'blocked', blockedReason: 'drugNoKfa' },
      addDays(DAY, 1),
    );
    await deliver(v, MENTENG, { kind: 'lab', state: 'waiting' }, addDays(DAY, 1));
    const res = await call(dokter, 'GET', `${API}/satu-sehat/visits/${v.uid}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.state).toBe('blocked');
    expect(json(res).data.deliveries.map((d: { kind: string }) => d.kind)).toEqual([
      'encounter',
      'dispense',
      'lab',
    ]);
    const none = await call(dokter, 'GET', `${API}/satu-sehat/visits/${quiet.uid}`);
    expect(json(none).data).toEqual({ registrationId: quiet.uid, state: null, deliveries: [] });
    expect((await call(pendaftaran, 'GET', `${API}/satu-sehat/visits/${v.uid}`)).statusCode).toBe(403);
  });

  it('counts refused, blocked and waiting deliveries of the caller’s clinics only', async () => {
    const open = async (token: string, query = '') =>
      json(await call(token, 'GET', `${API}/satu-sehat/refusals${query}`)).data;
    const all = await open(admin);
    const menteng = await open(admin, `?clinicId=${MENTENG}`);
    const other = await open(admin, `?clinicId=${OTHER}`);
    expect(all.refused).toBe(menteng.refused + other.refused);
    expect(all.blocked).toBe(menteng.blocked + other.blocked);
    expect(other.refused).toBeGreaterThanOrEqual(2);
    expect(await open(adminMenteng)).toEqual(menteng);
    // the foreign corporate's refused row is not the demo's
    const before = await open(admin);
    const [v] = await visits(MENTENG, 1);
    await deliver(v, MENTENG, { state: 'refused' });
    expect((await open(admin)).refused).toBe(before.refused + 1);
    expect((await call(adminMenteng, 'GET', `${API}/satu-sehat/refusals?clinicId=${OTHER}`)).statusCode).toBe(
      403,
    );
    expect((await call(admin, 'GET', `${API}/satu-sehat/refusals?clinicId=abc`)).statusCode).toBe(400);
  });
});

describe('the badges of a page of the record (GET /satu-sehat/visits)', () => {
  const DAY2 = addDays(DAY, 2);
  const VISITS = `${API}/satu-sehat/visits`;
  const badges = (token: string, ids: string[], headers?: Record<string, string>) =>
    call(token, 'GET', `${VISITS}?registrationIds=${encodeURIComponent(ids.join(','))}`, headers);
  type Status = { registrationId: string; state: string | null; deliveries: { kind: string }[] };
  let held: { id: number; uid: string; corpId: number };
  let quiet: { id: number; uid: string; corpId: number };
  let refused: { id: number; uid: string; corpId: number };

  beforeAll(async () => {
    [held, quiet, refused] = await visits(MENTENG, 3, DAY2);
    await deliver(held, MENTENG, { state: 'accepted' }, DAY2);
    await deliver(held, MENTENG, { kind: 'dispense', state: 'blocked', blockedReason: 'drugNoKfa' }, DAY2);
    await deliver(held, MENTENG, { kind: 'lab', state: 'waiting' }, DAY2);
    await deliver(
      refused,
      MENTENG,
      { state: 'refused', lastStatus: 400, message: 'Encounter.class wajib', expression: 'Encounter.class' },
      DAY2,
    );
  });

  it('answers each asked visit as its own call does, in the order asked, repeated ids once', async () => {
    const res = await badges(dokter, [refused.uid, held.uid, quiet.uid, held.uid]);
    expect(res.statusCode).toBe(200);
    const data: Status[] = json(res).data;
    expect(data.map((s) => [s.registrationId, s.state])).toEqual([
      [refused.uid, 'refused'],
      [held.uid, 'blocked'],
      [quiet.uid, null],
    ]);
    expect(data[1].deliveries.map((d) => d.kind)).toEqual(['encounter', 'dispense', 'lab']);
    expect(data[0].deliveries[0]).toMatchObject({ message: 'Encounter.class wajib', lastStatus: 400 });
    for (const status of data) {
      const single = await call(dokter, 'GET', `${API}/satu-sehat/visits/${status.registrationId}`);
      expect(status).toEqual(json(single).data);
    }
  });

  it('reads a page of visits in a fixed few statements, not a few per visit', async () => {
    const more = await visits(MENTENG, 12, DAY2);
    for (const v of more) await deliver(v, MENTENG, { state: 'accepted' }, DAY2);
    const page = [held.uid, quiet.uid, refused.uid, ...more.map((v) => v.uid)];
    const statements = await countStatements(t.database.db, async () => {
      expect(json(await badges(dokter, page)).data).toHaveLength(page.length);
    });
    // the visits and their deliveries, the session at most read and extended: fewer than one per visit
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(5);
  });

  it('leaves out a visit of another clinic, of another corporate or unknown: nothing of it leaks', async () => {
    const [sibling] = await visits(OTHER, 1, DAY2);
    await deliver(sibling, OTHER, { state: 'refused', message: 'Rahasia klinik lain' }, DAY2);
    const theirs = await foreignVisit();
    await deliver(theirs, 20, { state: 'refused', message: 'Rahasia korporat lain' }, DAY2);
    const asked = [sibling.uid, held.uid, theirs.uid, newUid()];

    // a clinic admin of Menteng only: the other clinic's visit is not answered
    const menteng = await badges(adminMenteng, asked);
    expect(menteng.statusCode).toBe(200);
    expect(json(menteng).data.map((s: Status) => s.registrationId)).toEqual([held.uid]);
    expect(menteng.body).not.toContain(sibling.uid);
    expect(menteng.body).not.toContain('Rahasia');
    // the demo's admin has both clinics, never another corporate's
    const both = await badges(admin, asked);
    expect(json(both).data.map((s: Status) => s.registrationId)).toEqual([sibling.uid, held.uid]);
    expect(both.body).not.toContain(theirs.uid);
    expect(both.body).not.toContain('Rahasia korporat lain');
    // only what is out of scope: an empty answer, as for an unknown visit
    expect(json(await badges(adminMenteng, [sibling.uid, theirs.uid])).data).toEqual([]);
  });

  it('refuses a role without the SATUSEHAT status, and a call without a session', async () => {
    const res = await badges(pendaftaran, [held.uid]);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(held.uid);
    const none = await t.app.inject({ method: 'GET', url: `${VISITS}?registrationIds=${held.uid}` });
    expect(none.statusCode).toBe(401);
  });

  it('refuses no visits or more than a page of them with the field’s message, changing nothing', async () => {
    const counts = async () =>
      Promise.all([
        t.database.db.$count(satusehatDeliveries),
        t.database.db.$count(auditLog),
        t.database.db
          .select()
          .from(satusehatDeliveries)
          .where(eq(satusehatDeliveries.registrationId, held.id)),
      ]);
    const before = await counts();
    const refusal = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode).toBe(400);
      return json(res).errors?.map((e: { path: string; message: string }) => [e.path, e.message]);
    };
    expect(refusal(await call(dokter, 'GET', VISITS))).toEqual([
      ['registrationIds', 'Sebutkan sedikitnya satu kunjungan'],
    ]);
    expect(refusal(await call(dokter, 'GET', `${VISITS}?registrationIds=,%20,`))).toEqual([
      ['registrationIds', 'Sebutkan sedikitnya satu kunjungan'],
    ]);
    const page = Array.from({ length: 50 }, () => newUid());
    expect((await badges(dokter, page)).statusCode).toBe(200);
    const tooMany = [...page, held.uid];
    expect(refusal(await badges(dokter, tooMany))).toEqual([
      ['registrationIds', 'Paling banyak 50 kunjungan sekali minta'],
    ]);
    expect(refusal(await badges(dokter, tooMany, { 'accept-language': 'en' }))).toEqual([
      ['registrationIds', 'At most 50 visits at a time'],
    ]);
    expect(json(await badges(dokter, ['x'.repeat(61)])).errors?.[0].path).toBe('registrationIds.0');
    expect(await counts()).toEqual(before);
  });
});
