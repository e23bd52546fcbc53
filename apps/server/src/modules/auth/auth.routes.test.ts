import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, buildApp } from '../../app.ts';
import { loginThrottle, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../shared/crypto.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { username, password }, headers });

describe('POST auth/login', () => {
  it('answers the token and the session user, and sets an httpOnly cookie', async () => {
    const res = await login('dokter', 'klinikita');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.status).toBe(true);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.user).toMatchObject({ username: 'dokter', role: { role: 'Doctor' }, ClinicId: 10 });
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: body.data.token, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('accepts the username in any case', async () => {
    expect((await login('DOKTER', 'klinikita')).statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown user with the same message, in the caller’s language', async () => {
    const wrong = await login('dokter', 'salah');
    const unknown = await login('tidakada', 'klinikita');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong).message).toBe('Username atau password salah');
    expect(json(unknown).message).toBe(json(wrong).message);
    const english = await login('dokter', 'salah', { cookie: 'locale=en' });
    expect(json(english).message).toBe('Wrong username or password');
  });

  it('validates the body with the shared schema and writes nothing', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([
      { path: 'username', message: 'Username Tidak Boleh Kosong' },
      { path: 'password', message: 'Wajib diisi' },
    ]);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toMatch(/at .*\.ts|stack/i);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(after[0].n).toBe(before[0].n);
  });

  it('locks the account after five wrong passwords in a row, even for the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await login('kasir', `salah${i}`)).statusCode).toBe(401);
    const fifth = await login('kasir', 'salah5');
    expect(fifth.statusCode).toBe(423);
    expect(json(fifth).message).toMatch(/dikunci sementara.*15 menit/);
    const right = await login('kasir', 'klinikita');
    expect(right.statusCode).toBe(423);
    // the lock lives in the database, so every server instance honours it
    const key = 'pair:127.0.0.1:kasir';
    const [row] = await ctx.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    await ctx.database.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.key, key));
    expect((await login('kasir', 'klinikita')).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    for (let i = 0; i < 4; i++) await login('farmasi', 'salah');
    expect((await login('farmasi', 'klinikita')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('farmasi', 'salah')).statusCode).toBe(401);
  });

  it('stops an address after very many failures, whatever the names', async () => {
    const headers = { 'x-test': '1' };
    const from = (ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { username: 'x', password: 'y' },
        remoteAddress: ip,
        headers,
      });
    await from('10.9.9.9');
    await from('10.9.9.9');
    const key = 'address:10.9.9.9';
    const [row] = await ctx.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    expect(row.failures).toBe(2);
    await ctx.database.db.update(loginThrottle).set({ failures: 300 }).where(eq(loginThrottle.key, key));
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: 'dokter', password: 'klinikita' },
      remoteAddress: '10.9.9.9',
    });
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).message).toMatch(/Terlalu banyak percobaan login/);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: 'dokter', password: 'klinikita' },
      remoteAddress: '10.9.9.8',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a login posted from another site (login CSRF) and sets no cookie', async () => {
    const res = await login('dokter', 'klinikita', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
    expect(
      (await login('dokter', 'klinikita', { origin: 'http://localhost', host: 'localhost' })).statusCode,
    ).toBe(200);
  });
});

describe('GET users (session start)', () => {
  it('answers the session user of spec 3 from the cookie', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } });
    expect(res.statusCode).toBe(200);
    const user = json(res).data;
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining([
        '_id',
        'username',
        'name',
        'role',
        'uidEmployee',
        'DoctorId',
        'ClinicId',
        'corpId',
        'companyId',
        'imageUrl',
        'accountType',
        'statusSetup',
        'dataClinic',
        'dataModul',
      ]),
    );
    expect(user.role.menu.access.length).toBeGreaterThan(5);
    expect(user.role.menu.access[0]).toMatchObject({
      parent: { enabled: true, status: true, menu: { menu: { route: '/DashboardAdvance' } } },
      childs: [],
    });
    expect(user.accountType).toBe('corporate');
    expect(user.dataCorporate).toMatchObject({ name: 'Klinikita Sehat Group' });
    expect(user.clinics.map((c: { id: number }) => c.id)).toEqual([10, 11, 12, 13]);
  });

  it("gives a partner company's HR user their company's name, and others none", async () => {
    const hrd = json(
      await ctx.app.inject({
        method: 'GET',
        url: `${API}/users`,
        cookies: { token: await loginAs(ctx.app, 'hrd') },
      }),
    ).data;
    expect(hrd.companyId).toEqual(expect.any(Number));
    expect(hrd.dataCompany).toEqual({ id: hrd.companyId, name: 'PT Maju Bersama Logistik' });
    const admin = json(
      await ctx.app.inject({
        method: 'GET',
        url: `${API}/users`,
        cookies: { token: await loginAs(ctx.app, 'admin') },
      }),
    ).data;
    expect(admin.dataCompany).toBeNull();
  });

  it('accepts the token as a bare or Bearer authorization header', async () => {
    const token = await loginAs(ctx.app, 'dokter');
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization } });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        username: 'dokter',
        DoctorId: expect.any(Number),
        dataClinic: { name: 'Klinik Pratama Klinikita Menteng' },
      });
    }
  });

  it('gives a doctor the clinics of his practice and only built menu routes', async () => {
    const token = await loginAs(ctx.app, 'dokter');
    const user = json(
      await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }),
    ).data;
    expect(user.clinics.map((c: { id: number }) => c.id)).toEqual([10, 11]);
    // the doctor's menu also grants Medical Check Up (the examining doctor of an MCU site) and
    // Review Hasil with both its screens
    const granted = user.role.menu.access.map(
      (a: { parent: { menu: { menu: { route: string | null } } } }) => a.parent.menu.menu.route,
    );
    expect(granted).toEqual(expect.arrayContaining(['/Doctor/doctor', '/Doctor/patient', null]));
    expect(user.menu.map((m: { route: string | null }) => m.route)).toEqual([
      '/Doctor/doctor',
      '/Doctor/patient',
      '/Doctor/itemSuratSehat',
      '/Lab/home-page-mcu',
      '/EMR',
      null,
    ]);
    const review = user.menu.find((m: { route: string | null }) => m.route === null);
    expect(review.children.map((c: { route: string }) => c.route)).toEqual([
      '/Layanan/previewHasil',
      '/Layanan/previewHasilnonMcu',
    ]);
  });

  it('refuses no token, a forged token and an expired token with 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/users` })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `${API}/users`,
      cookies: { token: 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(401);
    expect(json(forged)).toEqual({
      status: false,
      message: 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.',
    });
    const token = await loginAs(ctx.app, 'perawat');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode,
    ).toBe(401);
  });

  it('refuses a deactivated user’s open session', async () => {
    const token = await loginAs(ctx.app, 'radiologi');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.username, 'radiologi'));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode,
    ).toBe(401);
    await ctx.database.db.update(users).set({ active: true }).where(eq(users.username, 'radiologi'));
  });

  it('forgets a session it has just served as soon as the database changes it (as another instance would)', async () => {
    const token = await loginAs(ctx.app, 'kasir');
    const status = async () =>
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200);
    // written straight to the database, not through this instance: only the NOTIFY tells it
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.username, 'kasir'));
    await expect.poll(status, { timeout: 2000, interval: 20 }).toBe(401);
    await ctx.database.db.update(users).set({ active: true }).where(eq(users.username, 'kasir'));
    await expect.poll(status, { timeout: 2000, interval: 20 }).toBe(200);
    await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await expect.poll(status, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await loginAs(ctx.app, 'lab');
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(rows).toHaveLength(0);
    expect(
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toHaveLength(1);
  });
});

describe('POST /logout', () => {
  it('ends the session and removes the cookie', async () => {
    const token = await loginAs(ctx.app, 'pendaftaran');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      cookies: { token },
      headers: { origin: 'http://localhost', host: 'localhost' },
    });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode,
    ).toBe(401);
  });

  it('refuses a cross-site logout carried by the cookie', async () => {
    const token = await loginAs(ctx.app, 'pendaftaran');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      cookies: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode,
    ).toBe(200);
  });
});

describe('demo accounts and the shell', () => {
  it('lists the demo logins while the demo data is in use', async () => {
    const body = json(await ctx.app.inject({ method: 'GET', url: `${API}/auth/demo-accounts` }));
    expect(body.data.accounts.map((u: { username: string }) => u.username)).toEqual([
      'superadmin',
      'admin',
      'dokter',
      'dokter2',
      'perawat',
      'pendaftaran',
      'radiologi',
      'applimetis',
      'lab',
      'farmasi',
      'kasir',
      'hrd',
    ]);
    expect(body.data.password).toBe('klinikita');
  });

  it('answers unknown API paths with a 404 envelope, not the web page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/does-not-exist` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(json(res).status).toBe(false);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API}/auth/demo-accounts` });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes the API as OpenAPI at /api/docs/json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([`${API}/auth/login`, `${API}/users`]));
    expect(
      doc.paths[`${API}/auth/login`].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
  });
});

describe('changing the own password (issue 13, item 5)', () => {
  const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: token }, payload });
  const alive = async (token: string) => (await send(token, 'GET', '/users')).statusCode;

  it('POST auth/password needs the current password; the right one keeps this session and ends the others', async () => {
    const mine = await loginAs(ctx.app, 'farmasi');
    const other = await loginAs(ctx.app, 'farmasi');
    const change = (currentPassword?: string) =>
      send(mine, 'POST', '/auth/password', {
        ...(currentPassword !== undefined && { currentPassword }),
        password: 'FarmasiBaru1',
        confirmPassword: 'FarmasiBaru1',
      });
    const missing = await change();
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors).toContainEqual({
      path: 'currentPassword',
      message: 'Password Saat Ini Tidak Boleh Kosong',
    });
    const wrong = await change('bukan-ini');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({
      message: 'Password saat ini salah',
      errors: [{ path: 'currentPassword', message: 'Password saat ini salah' }],
    });
    expect(await alive(other)).toBe(200);

    const right = await change('klinikita');
    expect(right.statusCode, right.body).toBe(200);
    expect(await alive(mine)).toBe(200);
    expect(await alive(other)).toBe(401);
    expect((await login('farmasi', 'FarmasiBaru1')).statusCode).toBe(200);
  });

  it('the own staff profile (PATCH settings/employee) asks for it too', async () => {
    const mine = await loginAs(ctx.app, 'radiologi');
    const other = await loginAs(ctx.app, 'radiologi');
    const me = json(await send(mine, 'GET', '/users')).data;
    const profile = json(
      await send(mine, 'GET', `/settings/pharmacy/employees/where?uid=${me.uidEmployee}`),
    ).data;
    const save = (currentPassword?: string) =>
      send(mine, 'PATCH', '/settings/employee', {
        uidEmployee: me.uidEmployee,
        userId: me._id,
        updateData: {
          name: profile.name,
          username: profile.username,
          email: profile.email,
          password: 'RadiologiBaru1',
          ...(currentPassword !== undefined && { currentPassword }),
        },
      });
    const missing = await save();
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors).toContainEqual({
      path: 'updateData.currentPassword',
      message: 'Password Saat Ini Tidak Boleh Kosong',
    });
    expect((await save('salah-sekali')).statusCode).toBe(400);
    expect(await alive(other)).toBe(200);
    expect((await save('klinikita')).statusCode).toBe(200);
    expect(await alive(mine)).toBe(200);
    expect(await alive(other)).toBe(401);
  });

  it('the own doctor profile (PATCH settings/doctors/profile/edit) asks for it too', async () => {
    const token = await loginAs(ctx.app, 'dokter2');
    const me = json(await send(token, 'GET', '/users')).data;
    const res = await send(token, 'PATCH', '/settings/doctors/profile/edit', {
      doctorId: me.DoctorId,
      userId: me._id,
      updateData: {
        name: me.name.slice(0, 30),
        icNumber: '3171010102880002',
        phoneNumber: '08121000003',
        password: 'DokterBaru12',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toContainEqual({
      path: 'updateData.currentPassword',
      message: 'Password Saat Ini Tidak Boleh Kosong',
    });
  });
});

describe('session lifetime and proxies (issue 13, items 5 and 6)', () => {
  const apps: FastifyInstance[] = [];
  const instance = async (options: Partial<AppOptions>) => {
    const app = await buildApp({
      db: ctx.database.db,
      listen: ctx.database.listen,
      logLevel: 'silent',
      eventConsumers: false,
      ...options,
    });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('ends a session at its absolute lifetime however much it is used', async () => {
    // an idle lifetime of 4 s renewed by every use, and an absolute one of 1.5 s
    const app = await instance({ sessionTtlMs: 4000, sessionMaxAgeMs: 1500 });
    const token = await loginAs(app, 'lab');
    const use = async () =>
      (await app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }))
        .statusCode;
    expect(await use()).toBe(200);
    await expect.poll(use, { timeout: 10_000, interval: 100 }).toBe(401);
  });

  it('ends a session older than the default seven days', async () => {
    const token = await loginAs(ctx.app, 'lab');
    const use = async () =>
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }))
        .statusCode;
    expect(await use()).toBe(200);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await expect.poll(use, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('the CSRF check believes X-Forwarded-Host only from a trusted proxy', async () => {
    const logout = (app: FastifyInstance, token: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/logout', cookies: { token }, headers });
    const forged = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', host: 'localhost' };
    const token = await loginAs(ctx.app, 'applimetis');
    expect((await logout(ctx.app, token, forged)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, cookies: { token } })).statusCode,
    ).toBe(200);
    const trusted = await instance({ trustProxy: true });
    const proxied = {
      origin: 'https://klinik.example',
      'x-forwarded-host': 'klinik.example',
      host: '10.0.0.5',
    };
    expect((await logout(trusted, token, proxied)).statusCode).toBe(200);
  });

  it('cookies are Secure over https as a trusted proxy reports it, not on an untrusted header', async () => {
    const secureOf = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { username: 'applimetis', password: 'klinikita' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      return res.cookies.find((c) => c.name === 'token')?.secure ?? false;
    };
    expect(await secureOf(ctx.app)).toBe(false);
    expect(await secureOf(await instance({ trustProxy: true }))).toBe(true);
  });
});
