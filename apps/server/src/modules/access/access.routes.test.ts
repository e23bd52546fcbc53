import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, corporates, roles, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens = new Map<string, string>();
const DEMO = [
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
];

beforeAll(async () => {
  ctx = await createTestApp();
  // a second corporate with its own clinic and admin: nothing of it may be reached from the demo chain
  const db = ctx.database.db;
  const [corp] = await db.insert(corporates).values({ uid: newUid(), name: 'Klinik Lain Group' }).returning();
  await db.insert(clinics).values({ id: 20, uid: newUid(), corpId: corp.id, name: 'Klinik Lain Bandung' });
  const [adminRole] = await db
    .insert(roles)
    .values({ uid: newUid(), corpId: corp.id, name: 'Admin', builtIn: true })
    .returning();
  await grantMenus(db, adminRole.id, ['setting', 'settingRoles']);
  await db.insert(users).values({
    uid: newUid(),
    username: 'adminlain',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Admin Lain',
    roleId: adminRole.id,
    corpId: corp.id,
    clinicId: 20,
  });
  await Promise.all(DEMO.map(async (u) => tokens.set(u, await loginAs(ctx.app, u))));
  tokens.set('adminlain', await loginAs(ctx.app, 'adminlain', 'rahasia123'));
});
afterAll(() => ctx.close());

const get = (url: string, username?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${API}${url}`,
    headers: username ? { authorization: tokens.get(username)! } : {},
  });

describe('role-by-route access matrix', () => {
  // route → the demo users that may call it; everyone else gets 403, no session 401
  const matrix: Record<string, string[]> = {
    '/users': DEMO,
    '/settings/roles/findAll': ['superadmin', 'admin', 'applimetis'],
    '/pharmacies/corps/where?id=1': DEMO,
    '/registrations/clinics/?CorpId=1': DEMO,
  };
  for (const [url, allowed] of Object.entries(matrix)) {
    it(`GET ${url}`, async () => {
      expect((await get(url)).statusCode).toBe(401);
      for (const username of DEMO) {
        const res = await get(url, username);
        expect({ username, status: res.statusCode }).toEqual({
          username,
          status: allowed.includes(username) ? 200 : 403,
        });
        if (res.statusCode === 403) expect(json(res).message).toBe('Anda tidak memiliki akses ke menu ini');
      }
    });
  }
});

describe('clinic and corporate scope', () => {
  it('a clinic’s staff reach their own clinic only', async () => {
    expect((await get('/clinics/10', 'perawat')).statusCode).toBe(200);
    const other = await get('/clinics/11', 'perawat');
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe('Anda tidak memiliki akses ke data klinik ini');
    expect(json(other).data).toBeUndefined();
  });

  it('a doctor reaches every clinic of his practice and no other', async () => {
    expect((await get('/clinics/10', 'dokter')).statusCode).toBe(200);
    expect((await get('/clinics/11', 'dokter')).statusCode).toBe(200);
    expect((await get('/clinics/12', 'dokter')).statusCode).toBe(403);
  });

  it('corporate roles reach all clinics of their corporate, never another corporate’s', async () => {
    for (const id of [10, 11, 12, 13]) expect((await get(`/clinics/${id}`, 'admin')).statusCode).toBe(200);
    expect((await get('/clinics/20', 'admin')).statusCode).toBe(403);
    expect((await get('/clinics/20', 'superadmin')).statusCode).toBe(403);
    expect((await get('/clinics/10', 'adminlain')).statusCode).toBe(403);
    expect((await get('/clinics/20', 'adminlain')).statusCode).toBe(200);
  });

  it('refuses another corporate’s profile and clinic list', async () => {
    expect((await get('/pharmacies/corps/where?id=1', 'adminlain')).statusCode).toBe(403);
    const corpId = json(await get('/users', 'adminlain')).data.corpId;
    expect((await get(`/pharmacies/corps/where?id=${corpId}`, 'superadmin')).statusCode).toBe(403);
    expect((await get(`/registrations/clinics/?CorpId=${corpId}`, 'admin')).statusCode).toBe(403);
    const foreignRoles = json(await get('/settings/roles/findAll', 'adminlain')).data;
    expect(foreignRoles.map((r: { role: string }) => r.role)).toEqual(['Admin']);
    const own = json(await get('/registrations/clinics/', 'adminlain')).data;
    expect(own.map((c: { id: number }) => c.id)).toEqual([20]);
  });

  it('lists only the clinics in the caller’s scope', async () => {
    const list = json(await get('/registrations/clinics/?CorpId=1', 'lab')).data;
    expect(list.map((c: { id: number; mcuSite: boolean }) => [c.id, c.mcuSite])).toEqual([[11, true]]);
  });

  it('validates ids before anything is read', async () => {
    const res = await get('/clinics/abc', 'admin');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors?.[0]).toEqual({ path: 'clinicId', message: 'Isian tidak valid' });
  });
});
