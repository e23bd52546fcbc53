import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, satusehatLocations, satusehatSettings, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { SIMULATOR_CLIENTS } from './simulator/simulator.data.ts';

const SETTINGS = `${API}/satu-sehat/settings`;
const LOCATIONS = `${API}/satu-sehat/locations`;
const MENTENG = 10;
const SEEDED = SIMULATOR_CLIENTS[0];
const NEW_SECRET = 'rahasia-baru-yang-tidak-boleh-bocor';

let t: TestContext;
let admin: string;
let pendaftaran: string;
/** A clinic admin of Menteng only: the menu, but not the other clinics */
let adminMenteng: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  pendaftaran = await loginAs(t.app, 'pendaftaran');
  const [demo] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  const [role] = await t.database.db
    .insert(roles)
    .values({ uid: newUid(), corpId: demo.corpId, name: 'Admin Klinik' })
    .returning();
  await grantMenus(t.database.db, role.id, ['setting', 'settingSatuSehat']);
  await t.database.db.insert(users).values({
    uid: newUid(),
    username: 'adminmenteng',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Admin Menteng',
    roleId: role.id,
    corpId: demo.corpId,
    clinicId: MENTENG,
  });
  adminMenteng = await loginAs(t.app, 'adminmenteng', 'rahasia123');
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

const save = (token: string, body: Record<string, unknown>) =>
  call(token, 'PUT', SETTINGS, {
    clinicId: MENTENG,
    environment: 'simulator',
    clientId: SEEDED.clientId,
    organizationId: SEEDED.organizationId,
    ...body,
  });
const testConnection = (token = admin, clinicId = MENTENG) =>
  call(token, 'POST', `${SETTINGS}/test`, { clinicId });

const auditRows = (action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.clinicId, MENTENG)));

describe('SATUSEHAT settings (/Setting/satuSehat)', () => {
  it('answers the demo clinic’s settings against the simulator, the secret only as set or not', async () => {
    const res = await call(admin, 'GET', `${SETTINGS}?clinicId=${MENTENG}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      clinicId: MENTENG,
      configured: true,
      environment: 'simulator',
      clientId: SEEDED.clientId,
      organizationId: SEEDED.organizationId,
      secretSet: true,
    });
    expect(res.body).not.toContain(SEEDED.clientSecret);
    expect(res.body).not.toContain('clientSecret');
  });

  it('tests the connection out of the box: a token, then the organization read back', async () => {
    const res = await testConnection();
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ ok: true, problem: null, environment: 'simulator' });
    expect(json(res).message).toMatch(/^Koneksi berhasil/);
    expect(json(res).message).toContain(json(res).data.organizationName);
    const [row] = (await auditRows('satusehat.connectionTest')).slice(-1);
    expect(row.detail).toMatchObject({ ok: true, organizationId: SEEDED.organizationId });
  });

  it('saves a new secret sealed, never answers it nor writes it to the audit log', async () => {
    const res = await save(admin, { clientSecret: NEW_SECRET });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Setting SATUSEHAT disimpan');
    expect(json(res).data.secretSet).toBe(true);
    expect(res.body).not.toContain(NEW_SECRET);
    const [stored] = await t.database.db
      .select()
      .from(satusehatSettings)
      .where(eq(satusehatSettings.clinicId, MENTENG));
    expect(stored.clientSecretEnc).toMatch(/^v1\./);
    expect(stored.clientSecretEnc).not.toContain(NEW_SECRET);
    const audits = await auditRows('satusehat.settings');
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(NEW_SECRET);
    expect(audits.at(-1)!.detail).toMatchObject({ secretChanged: true, clientId: SEEDED.clientId });
  });

  it('says plainly that the credentials were refused when the secret is wrong', async () => {
    const res = await testConnection();
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ ok: false, problem: 'credentials' });
    expect(json(res).message).toBe(
      'Client ID atau Client Secret ditolak SATUSEHAT. Periksa keduanya lalu simpan ulang.',
    );
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('keeps the stored secret when the field is left empty', async () => {
    expect((await save(admin, { clientSecret: SEEDED.clientSecret })).statusCode).toBe(200);
    const res = await save(admin, { clientSecret: '' });
    expect(res.statusCode).toBe(200);
    expect(json(await testConnection()).data.ok).toBe(true);
    expect((await auditRows('satusehat.settings')).at(-1)!.detail).toMatchObject({ secretChanged: false });
  });

  it('names an organization id the platform does not know', async () => {
    expect((await save(admin, { organizationId: '99999999' })).statusCode).toBe(200);
    const res = await testConnection();
    expect(json(res).data).toMatchObject({ ok: false, problem: 'organizationUnknown' });
    expect(json(res).message).toContain('Organization ID 99999999 tidak dikenal SATUSEHAT');
    expect((await save(admin, {})).statusCode).toBe(200);
  });

  it('refuses invalid input on its fields, and a new clinic’s settings without a secret', async () => {
    const bad = await save(admin, { environment: 'mars', clientId: '', organizationId: 'a b' });
    expect(bad.statusCode).toBe(400);
    const paths = json(bad)
      .errors!.map((e) => e.path)
      .sort();
    expect(paths).toEqual(['clientId', 'environment', 'organizationId']);
    await t.database.db.delete(satusehatSettings).where(eq(satusehatSettings.clinicId, 13));
    const fresh = await call(admin, 'PUT', SETTINGS, {
      clinicId: 13,
      environment: 'sandbox',
      clientId: 'abc',
      organizationId: '100000',
    });
    expect(fresh.statusCode).toBe(400);
    expect(json(fresh).errors).toEqual([{ path: 'clientSecret', message: 'Client Secret wajib diisi' }]);
    const unset = await call(admin, 'GET', `${SETTINGS}?clinicId=13`);
    expect(json(unset).data).toMatchObject({ configured: false, secretSet: false, clientId: '' });
    const notConfigured = await testConnection(admin, 13);
    expect(json(notConfigured).data.problem).toBe('notConfigured');
  });
});

describe('SATUSEHAT Locations of the clinic’s rooms and poli', () => {
  it('lists the rooms and poli, none registered yet', async () => {
    const res = await call(admin, 'GET', `${LOCATIONS}?clinicId=${MENTENG}`);
    expect(res.statusCode).toBe(200);
    const { locations } = json(res).data;
    expect(locations).toContainEqual(
      expect.objectContaining({ name: 'Poli Umum', kind: 'poli', state: 'missing', locationId: null }),
    );
    expect(locations).toContainEqual(expect.objectContaining({ name: 'Radiologi', kind: 'room' }));
  });

  it('registers each as a room Location under the organization and keeps the ids', async () => {
    t.simulator.reset();
    const res = await call(admin, 'POST', `${LOCATIONS}/register`, { clinicId: MENTENG });
    expect(res.statusCode).toBe(200);
    const { locations } = json(res).data;
    expect(locations.length).toBeGreaterThan(1);
    for (const l of locations) {
      expect(l).toMatchObject({ state: 'registered', error: null });
      expect(l.locationId).toEqual(expect.any(String));
    }
    const posts = t.simulator.log().filter((e) => e.method === 'POST' && e.path.endsWith('/Location'));
    expect(posts).toHaveLength(locations.length);
    expect(posts.every((p) => p.status === 201)).toBe(true);
    expect(json(res).message).toBe(
      `Lokasi didaftarkan: ${locations.length} dari ${locations.length} terdaftar di SATUSEHAT`,
    );
    const kept = await t.database.db
      .select()
      .from(satusehatLocations)
      .where(eq(satusehatLocations.clinicId, MENTENG));
    expect(kept.map((r) => r.locationId).sort()).toEqual(
      locations.map((l: { locationId: string }) => l.locationId).sort(),
    );
    const audits = await auditRows('satusehat.location.register');
    expect(audits).toHaveLength(locations.length);
    expect(audits[0].detail).toMatchObject({ outcome: 'created' });
  });

  it('is idempotent: a re-run sends only what is missing; a duplicate keeps the platform’s id', async () => {
    const before = json(await call(admin, 'GET', `${LOCATIONS}?clinicId=${MENTENG}`)).data.locations;
    const sent = () => t.simulator.log().filter((e) => e.method === 'POST' && e.path.endsWith('/Location'));
    const already = sent().length;
    const again = await call(admin, 'POST', `${LOCATIONS}/register`, { clinicId: MENTENG });
    expect(again.statusCode).toBe(200);
    expect(sent()).toHaveLength(already);
    expect(json(again).data.locations).toEqual(before);

    // the id of one room lost here: re-sent, the platform answers duplicate, its id is kept
    await t.database.db
      .delete(satusehatLocations)
      .where(and(eq(satusehatLocations.clinicId, MENTENG), eq(satusehatLocations.name, 'Poli Umum')));
    const third = await call(admin, 'POST', `${LOCATIONS}/register`, {
      clinicId: MENTENG,
      name: 'Poli Umum',
    });
    expect(third.statusCode).toBe(200);
    expect(sent()).toHaveLength(already + 1);
    expect(sent().at(-1)!.status).toBe(400);
    const ids = (list: { name: string; locationId: string; state: string }[]) =>
      list.map(({ name, locationId, state }) => ({ name, locationId, state }));
    expect(ids(json(third).data.locations)).toEqual(ids(before));
    expect((await auditRows('satusehat.location.register')).at(-1)!.detail).toMatchObject({
      outcome: 'duplicate',
      name: 'Poli Umum',
    });
  });

  it('answers 404 for a room the clinic does not have', async () => {
    const res = await call(admin, 'POST', `${LOCATIONS}/register`, {
      clinicId: MENTENG,
      name: 'Ruang Rahasia',
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Ruangan atau poli ini tidak ada di klinik');
  });
});

describe('who may', () => {
  it('refuses a role without the SATUSEHAT permission (403)', async () => {
    for (const res of [
      await call(pendaftaran, 'GET', `${SETTINGS}?clinicId=${MENTENG}`),
      await save(pendaftaran, { clientSecret: 'x' }),
      await testConnection(pendaftaran),
      await call(pendaftaran, 'GET', `${LOCATIONS}?clinicId=${MENTENG}`),
      await call(pendaftaran, 'POST', `${LOCATIONS}/register`, { clinicId: MENTENG }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('lets a clinic admin keep the own clinic but never reach another clinic’s settings', async () => {
    expect((await call(adminMenteng, 'GET', `${SETTINGS}?clinicId=${MENTENG}`)).statusCode).toBe(200);
    for (const res of [
      await call(adminMenteng, 'GET', `${SETTINGS}?clinicId=11`),
      await call(adminMenteng, 'PUT', SETTINGS, {
        clinicId: 11,
        environment: 'simulator',
        clientId: 'x',
        clientSecret: 'y',
        organizationId: '1',
      }),
      await testConnection(adminMenteng, 11),
      await call(adminMenteng, 'GET', `${LOCATIONS}?clinicId=11`),
      await call(adminMenteng, 'POST', `${LOCATIONS}/register`, { clinicId: 11 }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const [other] = await t.database.db
      .select()
      .from(satusehatSettings)
      .where(eq(satusehatSettings.clinicId, 11));
    expect(other.clientId).toBe(SIMULATOR_CLIENTS[1].clientId);
    const foreignAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, ['satusehat.settings']), eq(auditLog.clinicId, 11)));
    expect(foreignAudit).toHaveLength(0);
  });
});

// last: the simulator is stopped for good
describe('when the platform cannot be reached', () => {
  it('says plainly that the host cannot be reached', async () => {
    const host = new URL(t.simulator.url).host;
    await t.simulator.close();
    const res = await testConnection();
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(json(res).message).toBe(
      `Server SATUSEHAT (${host}) tidak dapat dihubungi. Periksa koneksi internet server dan lingkungan yang dipilih.`,
    );
    const [row] = (await auditRows('satusehat.connectionTest')).slice(-1);
    expect(row.detail).toMatchObject({ ok: false, problem: 'unreachable' });
  });
});
