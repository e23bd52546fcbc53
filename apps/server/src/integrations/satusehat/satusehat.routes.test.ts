import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { satusehatSettings } from '../../db/schema/index.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { findSatusehatSettings } from './satusehat.settings.ts';

const URL = `${API}/satu-sehat/practitioner-ihs-by-nik`;
let t: TestContext;
let dokter: string;
/** The front office may look up anyone's NIK; a doctor only the own (scope.security.test.ts). */
let pendaftaran: string;

beforeAll(async () => {
  t = await createTestApp();
  dokter = await loginAs(t.app, 'dokter');
  pendaftaran = await loginAs(t.app, 'pendaftaran');
});
afterAll(() => t.close());
beforeEach(() => t.simulator.reset());

const lookUp = (nik: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `${URL}/${nik}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

describe('GET /satu-sehat/practitioner-ihs-by-nik/:nik', () => {
  it('finds the IHS number of the demo doctor through the simulator', async () => {
    const res = await lookUp('7209061211900001', dokter);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: true,
      message: 'Nomor IHS ditemukan',
      data: { ihsNumber: '10009880728' },
    });
    // the clinic's own application asked for the token (clinic 10 holds the first simulator client)
    const token = t.simulator.log().find((e) => e.target === 'token');
    expect(token).toMatchObject({ status: 200, clientId: 'sim-klinikita-1' });
  });

  it('reuses the clinic client and its token between calls', async () => {
    await lookUp('7209061211900001', pendaftaran);
    expect((await lookUp('3322071302900002', pendaftaran)).statusCode).toBe(200);
    expect(t.simulator.log().filter((e) => e.target === 'token')).toHaveLength(1);
  });

  it('answers 404 with a clear message for a NIK the platform does not know', async () => {
    const res = await lookUp('1234567890123456', pendaftaran);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      status: false,
      message: 'NIK tidak terdaftar sebagai tenaga kesehatan di SATUSEHAT',
    });
  });

  it('refuses a NIK that is not 16 digits, in the caller’s language', async () => {
    const res = await lookUp('72090612119', dokter);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ path: 'nik', message: 'NIK harus 16 digit angka' }]);
    const en = await lookUp('72090612119000ab', dokter, { 'accept-language': 'en' });
    expect(json(en).errors?.[0].message).toBe('NIK must be 16 digits');
    expect(t.simulator.log()).toHaveLength(0);
  });

  it('needs a session', async () => {
    const res = await lookUp('7209061211900001');
    expect(res.statusCode).toBe(401);
    expect(json(res).status).toBe(false);
  });

  it('answers 503 with a clear message when the platform keeps failing, after retrying', async () => {
    t.simulator.injectFault({ kind: 'gateway-timeout', target: 'fhir', count: 10 });
    const res = await lookUp('7209061211900001', dokter);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({
      status: false,
      message: 'SATUSEHAT sedang tidak dapat dihubungi. Silakan coba lagi beberapa saat lagi.',
    });
    expect(t.simulator.log().filter((e) => e.target === 'fhir')).toHaveLength(3);
  });

  it('recovers by itself from a passing outage', async () => {
    t.simulator.injectFault({ kind: 'server-error', count: 2 });
    const res = await lookUp('7209061211900001', dokter);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.ihsNumber).toBe('10009880728');
  });

  describe('with changed clinic settings', () => {
    let original: typeof satusehatSettings.$inferSelect;
    beforeAll(async () => {
      original = (await findSatusehatSettings(t.database.db, 10))!;
    });
    afterAll(async () => {
      await t.database.db.delete(satusehatSettings).where(eq(satusehatSettings.clinicId, 10));
      await t.database.db.insert(satusehatSettings).values(original);
    });

    it('answers 502 when the platform refuses the clinic’s credentials (new settings take effect)', async () => {
      await t.database.db
        .update(satusehatSettings)
        .set({ clientId: 'not-registered', updatedAt: new Date() })
        .where(eq(satusehatSettings.clinicId, 10));
      const res = await lookUp('7209061211900001', dokter);
      expect(res.statusCode).toBe(502);
      expect(json(res).message).toBe(
        'SATUSEHAT menolak kredensial klinik ini. Periksa Client ID dan Client Secret di Setting SATUSEHAT.',
      );
    });

    it('answers 409 when the stored secret belongs to another clinic', async () => {
      const other = await findSatusehatSettings(t.database.db, 11);
      await t.database.db
        .update(satusehatSettings)
        .set({ clientId: original.clientId, clientSecretEnc: other!.clientSecretEnc, updatedAt: new Date() })
        .where(eq(satusehatSettings.clinicId, 10));
      const res = await lookUp('7209061211900001', dokter);
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toContain('tidak dapat dibaca');
    });

    it('answers 409 when the clinic has no SATUSEHAT settings', async () => {
      await t.database.db.delete(satusehatSettings).where(eq(satusehatSettings.clinicId, 10));
      const res = await lookUp('7209061211900001', dokter);
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toBe(
        'SATUSEHAT belum diatur untuk klinik ini. Lengkapi di Setting SATUSEHAT.',
      );
    });
  });
});
