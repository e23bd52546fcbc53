import { accessibleRoutes } from '@klinikita/domain/access/menu';
import { permissionsOf } from '@klinikita/domain/access/permissions';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerCompanies, sessions, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/**
 * A partner company's portal accounts (issue 20 §8) through the API: the clinic gives the
 * company's HR a login that lands on the company portal only, a taken username is 409 with the
 * staff message and writes nothing, deactivating ends the login's sessions, another corporate's
 * company is not found and a desk that only reads the companies cannot add one.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let companyUid = '';
let companyId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'partners',
    'partnerCompanies',
  ]);
  for (const u of ['pendaftaran', 'kasir']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const res = await call('POST', '/partner-companies', 'pendaftaran', { name: 'PT Portal Uji Sejahtera' });
  expect(res.statusCode).toBe(200);
  companyUid = json(res).data.uid;
  const [row] = await ctx.database.db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.uid, companyUid));
  companyId = row.id;
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) {
  return ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
}
const base = () => `/partner-companies/${companyUid}/portal-users`;
const userCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)))[0].n;
const audits = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n;

describe('partner company portal accounts', () => {
  let hrUid = '';

  it('adds an HR account that logs in to the company portal only', async () => {
    const res = await call('POST', base(), 'pendaftaran', {
      name: 'Sinta Maharani',
      username: 'hrd.portaluji',
      password: 'rahasia-awal1',
    });
    expect(res.statusCode).toBe(200);
    const created = json(res).data;
    expect(created).toMatchObject({ username: 'hrd.portaluji', name: 'Sinta Maharani', active: true });
    hrUid = created.uid;
    const [row] = await ctx.database.db.select().from(users).where(eq(users.uid, hrUid));
    expect(row).toMatchObject({ companyId, clinicId: null, employeeId: null, mustChangePassword: true });
    expect(await audits('companyPortalUser.create')).toBe(1);

    const list = json(await call('GET', base(), 'kasir')).data;
    expect(list).toEqual([{ uid: hrUid, username: 'hrd.portaluji', name: 'Sinta Maharani', active: true }]);

    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: 'hrd.portaluji', password: 'rahasia-awal1' },
    });
    expect(login.statusCode).toBe(200);
    const { user, token } = json(login).data;
    expect(user.role.role).toBe('Perusahaan');
    expect(user.companyId).toBe(companyId);
    expect(user.mustChangePassword).toBe(true);
    const granted = permissionsOf(user.role.role, accessibleRoutes(user.role.menu.access), { doctor: false });
    expect([...granted]).toEqual(['mcu.portal']);

    // the clinic's password is replaced first, then the portal opens on this company
    tokens.hr = token;
    const changed = await call('POST', '/auth/password', 'hr', {
      currentPassword: 'rahasia-awal1',
      password: 'rahasia-baru2',
      confirmPassword: 'rahasia-baru2',
    });
    expect(changed.statusCode).toBe(200);
    const portal = await call('GET', '/mcu/portal/events', 'hr');
    expect(portal.statusCode).toBe(200);
    expect(json(portal).data.company.name).toBe('PT Portal Uji Sejahtera');
    expect((await call('GET', '/partner-companies', 'hr')).statusCode).toBe(403);
  });

  it('refuses a taken username (any case) with the staff message and writes nothing', async () => {
    const before = await userCount();
    const res = await call('POST', base(), 'pendaftaran', {
      name: 'Orang Lain',
      username: 'KASIR',
      password: 'rahasia-awal1',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/username/i);
    expect(await userCount()).toBe(before);
    const invalid = await call('POST', base(), 'pendaftaran', {
      name: 'Ab',
      username: 'a b',
      password: 'pendek',
    });
    expect(invalid.statusCode).toBe(400);
    const fields = (json(invalid).errors ?? []).map((e) => e.path).sort();
    expect(fields).toEqual(['name', 'password', 'username']);
    expect(await userCount()).toBe(before);
  });

  it('deactivates an account: its session ends and it cannot log in; reactivates it', async () => {
    const res = await call('PATCH', `${base()}/${hrUid}`, 'pendaftaran', { active: false });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.active).toBe(false);
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.uid, hrUid));
    const left = await ctx.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, row.id));
    expect(left[0].n).toBe(0);
    expect((await call('GET', '/mcu/portal/events', 'hr')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: 'hrd.portaluji', password: 'rahasia-baru2' },
    });
    expect(login.statusCode).toBe(403);
    expect(await audits('companyPortalUser.deactivate')).toBe(1);
    const back = await call('PATCH', `${base()}/${hrUid}`, 'pendaftaran', { active: true });
    expect(json(back).data.active).toBe(true);
  });

  it('hides the company from another corporate and refuses a desk that only reads companies', async () => {
    expect((await call('GET', base(), 'adminlain')).statusCode).toBe(404);
    const foreign = await call('POST', base(), 'adminlain', {
      name: 'Penyusup',
      username: 'penyusup.hr',
      password: 'rahasia-awal1',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call('PATCH', `${base()}/${hrUid}`, 'adminlain', { active: false })).statusCode).toBe(404);

    const cashier = await call('POST', base(), 'kasir', {
      name: 'Kasir Menambah',
      username: 'kasir.hr',
      password: 'rahasia-awal1',
    });
    expect(cashier.statusCode).toBe(403);
    expect((await call('PATCH', `${base()}/${hrUid}`, 'kasir', { active: false })).statusCode).toBe(403);
    // a user of the caller's corporate that is not this company's is not found
    const staff = await userByName(ctx.database.db, 'kasir');
    expect((await call('PATCH', `${base()}/${staff.uid}`, 'pendaftaran', { active: false })).statusCode).toBe(
      404,
    );
    expect(await userCount()).toBe(1);
  });
});
