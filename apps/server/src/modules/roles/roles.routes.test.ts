import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: string;
let superadmin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [admin, superadmin] = await Promise.all([loginAs(ctx.app, 'admin'), loginAs(ctx.app, 'superadmin')]);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: token },
    payload: payload as object,
  });

async function roleId(name: string, token = admin): Promise<string> {
  const list = json(await call('GET', `/settings/roles?search=${encodeURIComponent(name)}`, token)).data.docs;
  return list.find((r: { role: string }) => r.role === name)._id;
}

const flatten = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('roles list', () => {
  it('pages and searches the corporate’s roles with their user counts', async () => {
    const page = json(await call('GET', '/settings/roles?limit=4&page=2', admin)).data;
    expect(page).toMatchObject({ page: 2, limit: 4, totalDocs: 11, totalPages: 3 });
    expect(page.docs).toHaveLength(4);
    const doctors = json(await call('GET', '/settings/roles?search=doc', admin)).data.docs;
    expect(doctors).toEqual([
      expect.objectContaining({ role: 'Doctor', users: 2, builtIn: true, editable: true }),
    ]);
    const superRole = json(await call('GET', '/settings/roles?search=super', admin)).data.docs[0];
    expect(superRole.editable).toBe(false);
  });

  it('treats search text literally', async () => {
    expect(json(await call('GET', '/settings/roles?search=%25', admin)).data.docs).toEqual([]);
  });

  it('is refused to roles without the menu', async () => {
    const kasir = await loginAs(ctx.app, 'kasir');
    expect((await call('GET', '/settings/roles', kasir)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/settings/roles/${await roleId('Cashier')}/menus`, kasir, { menus: [] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('creating, renaming and removing roles', () => {
  it('creates a role with a copy of another’s menu', async () => {
    const res = await call('POST', '/settings/roles', admin, {
      role: 'Bidan',
      description: 'Kebidanan',
      copyFrom: await roleId('Nurse'),
    });
    expect(res.statusCode).toBe(200);
    const tree = json(await call('GET', `/settings/roles/${json(res).data._id}/menus`, admin)).data;
    const granted = flatten(tree)
      .filter((n) => n.granted)
      .map((n) => n.code);
    expect(granted).toEqual(expect.arrayContaining(['registration', 'patientQueue', 'emr', 'physio']));
  });

  it('leaves no role behind when its audit row cannot be written (one transaction)', async () => {
    // a real trigger refuses this one audit row, as a full disk or a lost connection would
    await ctx.database.db.execute(sql`
      CREATE FUNCTION refuse_role_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'role.create' AND NEW.detail->>'name' = 'Bidan Desa' THEN
          RAISE EXCEPTION 'audit refused';
        END IF;
        RETURN NEW;
      END $$`);
    await ctx.database.db.execute(
      sql`CREATE TRIGGER refuse_role_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_role_audit()`,
    );
    try {
      const res = await call('POST', '/settings/roles', admin, {
        role: 'Bidan Desa',
        copyFrom: await roleId('Nurse'),
      });
      expect(res.statusCode).toBe(500);
      expect(json(await call('GET', '/settings/roles?search=Bidan%20Desa', admin)).data.docs).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`DROP TRIGGER refuse_role_audit ON audit_log`);
      await ctx.database.db.execute(sql`DROP FUNCTION refuse_role_audit()`);
    }
    // and with the audit writable the same role is created
    expect((await call('POST', '/settings/roles', admin, { role: 'Bidan Desa' })).statusCode).toBe(200);
  });

  it('validates names with the spec’s message and refuses duplicates', async () => {
    const short = await call('POST', '/settings/roles', admin, { role: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors).toEqual([{ path: 'role', message: 'Min 3 and Max 30 characters long.' }]);
    const dup = await call('POST', '/settings/roles', admin, { role: 'doctor' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('Nama role sudah dipakai');
  });

  it('keeps built-in roles’ names and refuses to remove a role in use', async () => {
    const rename = await call('PATCH', `/settings/roles/${await roleId('Doctor')}`, admin, {
      role: 'Dokter',
    });
    expect(rename.statusCode).toBe(409);
    expect(
      (
        await call('PATCH', `/settings/roles/${await roleId('Doctor')}`, admin, {
          description: 'Dokter umum & spesialis',
        })
      ).statusCode,
    ).toBe(200);
    const created = json(await call('POST', '/settings/roles', admin, { role: 'Sementara' })).data._id;
    expect((await call('PATCH', `/settings/roles/${created}`, admin, { role: 'Terapis' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/settings/roles/${created}`, admin)).statusCode).toBe(200);
    expect(json(await call('GET', '/settings/roles?search=Terapis', admin)).data.docs).toEqual([]);
    expect((await call('DELETE', `/settings/roles/${await roleId('Cashier')}`, admin)).statusCode).toBe(409);
  });

  it('answers 404 for another corporate’s or an unknown role id', async () => {
    expect(
      (await call('GET', '/settings/roles/00000000-0000-4000-8000-000000000000/menus', admin)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/settings/roles/bukan-uuid/menus', admin)).statusCode).toBe(400);
  });
});

describe('menu access of a role', () => {
  it('sets parents and children, and the role’s users see it at their next request', async () => {
    const cashier = await roleId('Cashier');
    const res = await call('PUT', `/settings/roles/${cashier}/menus`, admin, {
      menus: [
        { code: 'payment', enabled: true },
        { code: 'dashboard', enabled: true },
        { code: 'settingRoles', enabled: true },
        { code: 'settingTrash', enabled: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const tree = flatten(json(await call('GET', `/settings/roles/${cashier}/menus`, admin)).data);
    const state = Object.fromEntries(tree.filter((n) => n.granted).map((n) => [n.code, n.enabled]));
    // the Setting group comes with its enabled child; everything else was dropped
    expect(state).toEqual({
      payment: true,
      dashboard: true,
      setting: true,
      settingRoles: true,
      settingTrash: false,
    });

    const kasir = await loginAs(ctx.app, 'kasir');
    const user = json(await call('GET', '/users', kasir)).data;
    expect(user.role.menu.access.map((a: any) => a.parent.menu.menu.route)).toEqual([
      '/DashboardAdvance',
      '/Payment/payment',
      null,
    ]);
    expect((await call('GET', '/settings/roles', kasir)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'role.menus'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses unknown menus and writes nothing', async () => {
    const nurse = await roleId('Nurse');
    const before = json(await call('GET', `/settings/roles/${nurse}/menus`, admin)).data;
    const res = await call('PUT', `/settings/roles/${nurse}/menus`, admin, {
      menus: [
        { code: 'payment', enabled: true },
        { code: 'nope', enabled: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Menu tidak dikenal: nope');
    expect(json(await call('GET', `/settings/roles/${nurse}/menus`, admin)).data).toEqual(before);
  });

  it('refuses to change the caller’s own role or the all-access roles', async () => {
    const own = await call('PUT', `/settings/roles/${await roleId('Admin')}/menus`, admin, { menus: [] });
    expect(own.statusCode).toBe(409);
    expect(json(own).message).toBe('Anda tidak dapat mengubah akses role Anda sendiri');
    const all = await call(
      'PUT',
      `/settings/roles/${await roleId('Applimetis', superadmin)}/menus`,
      superadmin,
      { menus: [] },
    );
    expect(all.statusCode).toBe(409);
  });

  it('marks which screens are built', async () => {
    const tree = flatten(
      json(await call('GET', `/settings/roles/${await roleId('Nurse')}/menus`, admin)).data,
    );
    expect(tree.find((n) => n.code === 'dashboard').built).toBe(true);
    expect(tree.find((n) => n.code === 'payment').built).toBe(true);
    expect(tree.find((n) => n.code === 'directorDashboard').built).toBe(false);
  });
});
