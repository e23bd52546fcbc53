import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { HSTS } from '../plugins/response-headers.ts';
import { API, createTestApp, loginAs, type TestContext } from '../test/test-app.ts';

/**
 * Headers of the transport (issue 13, item 6): API answers are never stored by a browser or a
 * proxy, whatever their status; HSTS only when the request came over https, which a proxy may
 * claim only when it is trusted.
 */

let ctx: TestContext;
let token: string;
let webDist: string;
/** the same database behind a trusted proxy, serving a built web app */
let proxied: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'pendaftaran');
  webDist = mkdtempSync(path.join(tmpdir(), 'klinikita-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Klinikita</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-3f2a.js'), 'console.log(1)');
  proxied = await buildApp({
    db: ctx.database.db,
    listen: ctx.database.listen,
    logLevel: 'silent',
    trustProxy: true,
    webDist,
    eventConsumers: false,
  });
});
afterAll(async () => {
  await proxied?.close();
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('Cache-Control on API answers', () => {
  it('is no-store on data, refusals, validation errors and unknown API paths', async () => {
    const answers = {
      data: await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }),
      unauthenticated: await ctx.app.inject({ method: 'GET', url: `${API}/users` }),
      forbidden: await ctx.app.inject({
        method: 'GET',
        url: `${API}/settings/roles/findAll`,
        headers: { authorization: token },
      }),
      invalid: await ctx.app.inject({
        method: 'GET',
        url: `${API}/patients?limit=-1`,
        headers: { authorization: token },
      }),
      unknownPath: await ctx.app.inject({ method: 'GET', url: `${API}/no-such-thing` }),
      // refused by the router itself, before any hook
      malformedUrl: await ctx.app.inject({ method: 'GET', url: `${API}/patients/%E0%A4%A` }),
      wrongMethod: await ctx.app.inject({ method: 'DELETE', url: `${API}/users` }),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([what, res]) => [
        what,
        `${res.statusCode} ${res.headers['cache-control']}`,
      ]),
    );
    expect(seen).toEqual({
      data: '200 no-store',
      unauthenticated: '401 no-store',
      forbidden: '403 no-store',
      invalid: '400 no-store',
      unknownPath: '404 no-store',
      malformedUrl: '400 no-store',
      wrongMethod: '404 no-store',
    });
  });

  it('leaves the web app’s caching as it was: immutable assets, revalidated pages', async () => {
    const asset = await proxied.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await proxied.inject({ method: 'GET', url: '/Registration/patient' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('HSTS', () => {
  it('is not sent over plain http, nor on an untrusted proxy’s word', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${API}/auth/demo-accounts`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security'], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('is sent on every answer when a trusted proxy says the request came over https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const answers = [
      await proxied.inject({ method: 'GET', url: `${API}/auth/demo-accounts`, headers: https }),
      await proxied.inject({ method: 'GET', url: `${API}/users`, headers: https }),
      await proxied.inject({ method: 'GET', url: `${API}/no-such-thing`, headers: https }),
      await proxied.inject({ method: 'GET', url: '/Registration/patient', headers: https }),
      await proxied.inject({ method: 'GET', url: '/assets/app-3f2a.js', headers: https }),
    ];
    expect(answers.map((a) => [a.statusCode, a.headers['strict-transport-security']])).toEqual([
      [200, HSTS],
      [401, HSTS],
      [404, HSTS],
      [200, HSTS],
      [200, HSTS],
    ]);
    // the same trusted proxy over plain http: none
    const plain = await proxied.inject({
      method: 'GET',
      url: `${API}/auth/demo-accounts`,
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
