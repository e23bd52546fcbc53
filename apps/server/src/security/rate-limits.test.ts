import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS, type LimitClass, rateLimitPlugin } from '../plugins/rate-limit.ts';
import { IMAGES, multipart } from '../test/staff-fixtures.ts';
import { API, createTestApp, loginAs, type TestContext } from '../test/test-app.ts';

/**
 * Limits on costly calls (issue 13, item 11): a script may not upload, search, print PDFs or look
 * up SATUSEHAT identities as fast as it can. The production policy as buildApp applies it by
 * default; the limiter counts a call before its work, so cheap refusals (an unknown visit's PDF)
 * count like rendered ones.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['dokter', 'dokter2', 'perawat', 'pendaftaran', 'superadmin', 'admin']) {
    tokens[u] = await loginAs(ctx.app, u);
  }
});
afterAll(() => ctx.close());

const photo = (name: string) => multipart([{ field: 'image', filename: name, content: IMAGES.png }]);
const doctorFile = (name: string) => multipart([{ field: 'files', filename: name, content: IMAGES.png }]);

/** The i-th call of a class as `who` (upload and PDF alternate between the class's two routes). */
const calls: Record<LimitClass, (who: string, i: number) => InjectOptions> = {
  upload: (who, i) => {
    const body = i % 2 ? photo(`p${i}.png`) : doctorFile(`d${i}.png`);
    return {
      method: 'POST',
      url: `${API}/${i % 2 ? 'users/upload' : 'assesments/doctor/upload'}`,
      headers: { authorization: tokens[who], ...body.headers },
      payload: body.payload,
    };
  },
  search: (who, i) => ({
    method: 'GET',
    url: `${API}/patients?search=${encodeURIComponent(`Bu${i}`)}&limit=1`,
    headers: { authorization: tokens[who] },
  }),
  pdf: (who, i) => ({
    method: 'GET',
    url: `${API}/consultations/${i % 2 ? 'letters' : 'encounters'}/${randomUUID()}/pdf`,
    headers: { authorization: tokens[who] },
  }),
  identityLookup: (who) => ({
    method: 'GET',
    url: `${API}/satu-sehat/practitioner-ihs-by-nik/7209061211900001`,
    headers: { authorization: tokens[who] },
  }),
};

const refusals: Record<LimitClass, [string, string]> = {
  upload: ['Terlalu banyak unggahan file dalam waktu singkat', 'Too many file uploads in a short time'],
  search: ['Terlalu banyak pencarian dalam waktu singkat', 'Too many searches in a short time'],
  pdf: ['Terlalu banyak permintaan PDF dalam waktu singkat', 'Too many PDF requests in a short time'],
  identityLookup: [
    'Terlalu banyak pencarian identitas SATUSEHAT dengan NIK dalam waktu singkat',
    'Too many SATUSEHAT identity lookups by NIK in a short time',
  ],
};

/** Who hits the limit, and another user at the same address. */
const people: Record<LimitClass, [string, string]> = {
  upload: ['dokter', 'perawat'],
  search: ['pendaftaran', 'superadmin'],
  pdf: ['dokter', 'dokter2'],
  identityLookup: ['superadmin', 'admin'],
};

describe('the production limits, per user', () => {
  it.each(Object.keys(calls) as LimitClass[])(
    '%s: the call after the limit is refused with 429, Retry-After and a message in the user’s language; another user goes on',
    async (name) => {
      const { perUser, windowMs } = DEFAULT_RATE_LIMITS[name];
      const [who, other] = people[name];
      const statuses: number[] = [];
      for (let i = 0; i < perUser; i++) statuses.push((await ctx.app.inject(calls[name](who, i))).statusCode);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      if (name === 'upload') expect(new Set(statuses)).toEqual(new Set([200]));

      const refused = await ctx.app.inject(calls[name](who, perUser));
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
      expect(refused.json()).toEqual({
        status: false,
        message: `${refusals[name][0]}. Coba lagi dalam ${seconds} detik.`,
      });
      const english = calls[name](who, perUser + 1);
      english.headers = { ...english.headers, 'accept-language': 'en' };
      const inEnglish = await ctx.app.inject(english);
      expect(inEnglish.statusCode).toBe(429);
      expect(inEnglish.json().message).toMatch(
        new RegExp(`^${refusals[name][1]}\\. Try again in \\d+ seconds\\.$`),
      );

      const others = await ctx.app.inject(calls[name](other, 0));
      expect(others.statusCode).not.toBe(429);
      if (name === 'upload') expect(others.statusCode).toBe(200);
    },
    60_000,
  );
});

describe('the search limit and a clerk typing fast', () => {
  it('holds a search on every key of a clerk typing 6 keys a second for a whole minute, and no more than 10 a second', () => {
    const { perUser, windowMs } = DEFAULT_RATE_LIMITS.search;
    const perSecond = perUser / (windowMs / 1000);
    expect(perSecond).toBeGreaterThanOrEqual(6);
    // the search box asks at most every 100 ms (use-typeahead-text.ts): more is a script
    expect(perSecond).toBeLessThanOrEqual(10);
  });
});

describe('the limit per address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      db: ctx.database.db,
      listen: ctx.database.listen,
      logLevel: 'silent',
      eventConsumers: false,
      rateLimits: { search: { perUser: 3, perAddress: 4 } },
    });
  });
  afterAll(() => app.close());

  const search = (who: string, remoteAddress: string) =>
    app.inject({ ...calls.search(who, 0), remoteAddress }).then((r) => r.statusCode);

  it('holds for all users of one address together, and not for other addresses', async () => {
    const clinic = '203.0.113.7';
    // one user's own limit; the refused call does not use up the address
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await search('pendaftaran', clinic));
    expect(first.map((s) => s === 429)).toEqual([false, false, false, true]);
    // a colleague behind the same address has what the address has left: one call
    expect(await search('superadmin', clinic)).not.toBe(429);
    expect(await search('superadmin', clinic)).toBe(429);
    // from elsewhere the colleague goes on
    expect(await search('superadmin', '198.51.100.20')).not.toBe(429);
  });

  it('counts a HEAD request like its GET', async () => {
    const head = { ...calls.search('perawat', 0), method: 'HEAD' as const, remoteAddress: '192.0.2.50' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject(head)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    expect(await search('perawat', '192.0.2.50')).toBe(429);
  });
});

describe('configuration', () => {
  it('rateLimits: false (RATE_LIMITS=off, the bench) limits nothing', async () => {
    const app = await buildApp({
      db: ctx.database.db,
      listen: ctx.database.listen,
      logLevel: 'silent',
      eventConsumers: false,
      rateLimits: false,
    });
    try {
      const statuses = new Set<number>();
      const lookup = {
        ...calls.identityLookup('admin', 0),
        url: `${API}/satu-sehat/practitioner-ihs-by-nik/123`,
      };
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.identityLookup.perUser + 5; i++) {
        statuses.add((await app.inject(lookup)).statusCode);
      }
      expect([...statuses]).toEqual([400]);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when the policy names a route that does not exist', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(rateLimitPlugin, {});
    await expect(bare.ready()).rejects.toThrow(
      /Rate limits name routes that do not exist: POST \/api\/clinic\/v1\/assesments\/doctor\/upload/,
    );
    await bare.close().catch(() => undefined);
  });
});
