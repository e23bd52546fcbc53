import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { beginAttempt, failAttempt, LOGIN_LIMITS, succeedAttempt } from '../modules/auth/login-throttle.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../test/test-app.ts';

/**
 * Logins and passwords under attack (issue 13, items 3 to 5): attempts are counted in the
 * database before the password is checked, so concurrent bursts get no more checks than the
 * limits; a clinic behind one address is not locked out by strangers; names that exist and names
 * that do not are answered alike; a password an Admin chose must be replaced at the next login.
 */

// every check costs a deliberately slow password hash, and these tests check many
vi.setConfig({ testTimeout: 120_000 });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (app: FastifyInstance, username: string, password: string, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { username, password },
    remoteAddress: ip,
  });
const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};
const userRow = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0];
const auditRows = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('concurrent logins (item 3)', () => {
  it('a burst of wrong passwords with the right one last checks at most five, and the lock holds after it', async () => {
    const kasir = await userRow('kasir');
    const burst = [...Array.from({ length: 11 }, (_, i) => `salah${i}`), 'klinikita'];
    const answers = await Promise.all(burst.map((password) => login(ctx.app, 'kasir', password, '10.1.0.1')));
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => [200, 401, 423].includes(s)),
      JSON.stringify(tally(statuses)),
    ).toBe(true);
    // at most five passwords were checked: four plain refusals, at most one success
    expect(tally(statuses)[401] ?? 0).toBeLessThanOrEqual(4);
    expect(tally(statuses)[200] ?? 0).toBeLessThanOrEqual(1);
    expect((await auditRows('login.failed', String(kasir.id))).length).toBeLessThanOrEqual(5);
    // the wrong ones earned the lock; the right one, whenever it ran, did not lift it
    const after = await login(ctx.app, 'kasir', 'klinikita', '10.1.0.1');
    expect(after.statusCode).toBe(423);
    expect(json(after).message).toMatch(/dikunci sementara/);
  });

  it('locks even when the attempt that reached the limit was the right password (a burst’s order)', async () => {
    // the order a burst can take: four wrong, the right one fifth, a sixth counted before it settles
    const db = ctx.database.db;
    const ip = '10.1.0.77';
    for (let i = 0; i < 4; i++) {
      const wrong = await beginAttempt(db, LOGIN_LIMITS, ip, 'farmasi');
      expect((await failAttempt(db, LOGIN_LIMITS, wrong)).statusCode).toBe(401);
    }
    const right = await beginAttempt(db, LOGIN_LIMITS, ip, 'farmasi');
    await expect(beginAttempt(db, LOGIN_LIMITS, ip, 'farmasi')).rejects.toMatchObject({ statusCode: 423 });
    await succeedAttempt(db, right);
    const after = await login(ctx.app, 'farmasi', 'klinikita', ip);
    expect(after.statusCode).toBe(423);
  });

  it('a locked account stays locked for a burst of right passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(ctx.app, 'kasir', 'klinikita', '10.1.0.1')),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 423: 12 });
  });

  it('the ceiling of one address holds under a burst (across instances: it is one database row)', async () => {
    // a second instance on the same database with a low ceiling (each check is a costly hash)
    const other = await buildApp({
      db: ctx.database.db,
      listen: ctx.database.listen,
      logLevel: 'silent',
      eventConsumers: false,
      loginLimits: { perPair: 5, perName: 20, perAddress: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => login(other, `penyusup${i}`, 'tebak-tebak', '10.2.0.1')),
      );
      expect(tally(answers.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 15 });
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(json(refused).message).toMatch(/Terlalu banyak percobaan login/);
      expect((await login(other, 'perawat', 'klinikita', '10.2.0.1')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('many people behind one address (item 4)', () => {
  it('30 failures with invented names do not stop a colleague at the same address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(ctx.app, `tamu${i}`, 'salah', '10.3.0.1')),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 401: 30 });
    expect((await login(ctx.app, 'perawat', 'klinikita', '10.3.0.1')).statusCode).toBe(200);
  });

  it('answers a name that exists and one that does not alike, lock included', async () => {
    const run = async (username: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await login(ctx.app, username, `salah${i}`, '10.4.0.1');
        seen.push(`${res.statusCode} ${json(res).message}`);
      }
      const right = await login(ctx.app, username, 'klinikita', '10.4.0.1');
      seen.push(`${right.statusCode} ${json(right).message}`);
      return seen;
    };
    const known = await run('dokter2');
    const unknown = await run('dokter.tidak.ada');
    expect(unknown).toEqual(known);
    expect(known.map((line) => line.slice(0, 3))).toEqual(['401', '401', '401', '401', '423', '423', '423']);
    // the lock is of that name at that address: from another address the doctor still logs in
    expect((await login(ctx.app, 'dokter2', 'klinikita', '10.4.0.2')).statusCode).toBe(200);
  });
});

describe('passwords an Admin sets (item 5)', () => {
  const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: token }, payload });
  const me = async (token: string) => json(await call(token, 'GET', '/users')).data;

  it('a reset on /Setting/employee: the next login must choose a new password, and nothing else is served until then', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const nurseBefore = await loginAs(ctx.app, 'perawat');
    const nurse = await me(nurseBefore);
    const profile = json(
      await call(admin, 'GET', `/settings/pharmacy/employees/where?uid=${nurse.uidEmployee}`),
    ).data;
    const reset = await call(admin, 'PATCH', '/settings/employee', {
      uidEmployee: nurse.uidEmployee,
      updateData: {
        name: profile.name,
        username: profile.username,
        email: profile.email,
        password: 'Sementara123',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // the nurse's open session ended with the reset
    expect((await call(nurseBefore, 'GET', '/users')).statusCode).toBe(401);

    const first = await login(ctx.app, 'perawat', 'Sementara123');
    expect(first.statusCode).toBe(200);
    expect(json(first).data.user.mustChangePassword).toBe(true);
    const token = json(first).data.token as string;
    expect((await me(token)).mustChangePassword).toBe(true);
    for (const [method, url, body] of [
      ['GET', '/clinics/10', undefined],
      ['GET', `/settings/pharmacy/employees/where?uid=${nurse.uidEmployee}`, undefined],
      [
        'PATCH',
        '/settings/employee',
        { uidEmployee: nurse.uidEmployee, updateData: { ...profile, password: 'PunyaSendiri9' } },
      ],
    ] as const) {
      const refused = await call(token, method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(json(refused).message).toBe('Ganti password Anda terlebih dahulu');
    }

    const changed = await call(token, 'POST', '/auth/password', {
      currentPassword: 'Sementara123',
      password: 'PunyaSendiri9',
      confirmPassword: 'PunyaSendiri9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed).message).toBe('Password berhasil diganti');
    expect((await me(token)).mustChangePassword).toBe(false);
    expect((await call(token, 'GET', '/clinics/10')).statusCode).toBe(200);
    // the Admin's password no longer works; the nurse's own does
    expect((await login(ctx.app, 'perawat', 'Sementara123', '10.5.0.1')).statusCode).toBe(401);
    const own = await login(ctx.app, 'perawat', 'PunyaSendiri9', '10.5.0.1');
    expect(json(own).data.user.mustChangePassword).toBe(false);

    const [resetRow] = await auditRows('password.reset', nurse._id);
    expect(resetRow).toMatchObject({ userId: (await userRow('admin')).id, entity: 'user' });
    expect(resetRow.detail).toMatchObject({ username: 'perawat', mustChangePassword: true });
    expect(await auditRows('password.change', nurse._id)).toHaveLength(1);
  });

  it('a reset on /MasterDokter: the doctor must choose a new password too', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const doctor = await me(await loginAs(ctx.app, 'dokter'));
    const reset = await call(admin, 'PATCH', '/settings/doctors', {
      doctorId: doctor.DoctorId,
      updateData: { password: 'Sementara123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const first = await login(ctx.app, 'dokter', 'Sementara123');
    expect(json(first).data.user.mustChangePassword).toBe(true);
    const token = json(first).data.token as string;
    expect((await call(token, 'GET', '/clinics/10')).statusCode).toBe(403);
    expect(await auditRows('password.reset', doctor._id)).toHaveLength(1);
  });

  it('a new account must choose its own password at the first login; the creation is in the audit log', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const roles = json(await call(admin, 'GET', '/settings/roles/findAll')).data as {
      _id: string;
      role: string;
    }[];
    const created = await call(admin, 'POST', '/settings/employees', {
      name: 'Rina Kasir',
      username: 'rina.kasir',
      password: 'Sementara123',
      email: 'rina@klinikita.id',
      role: roles.find((r) => r.role === 'Cashier')!._id,
      clinicId: 10,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await auditRows('employee.create', json(created).data.uidEmployee);
    expect(row.detail).toMatchObject({ username: 'rina.kasir', mustChangePassword: true });
    const first = await login(ctx.app, 'rina.kasir', 'Sementara123');
    expect(json(first).data.user.mustChangePassword).toBe(true);

    const doctor = await call(admin, 'POST', '/settings/doctors', {
      name: 'dr. Bayu Pratama',
      clinicIds: [10],
      username: 'dokter.bayu',
      password: 'Sementara123',
      icNumber: '3171010102880009',
      phoneNumber: '081234567899',
    });
    expect(doctor.statusCode, doctor.body).toBe(200);
    const [doctorRow] = await auditRows('doctor.create', String(json(doctor).data.doctorId));
    expect(doctorRow.detail).toMatchObject({ username: 'dokter.bayu', mustChangePassword: true });
    expect(json(await login(ctx.app, 'dokter.bayu', 'Sementara123')).data.user.mustChangePassword).toBe(true);
  });
});
