import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { API, createTestApp, loginAs, type TestContext } from './test/test-app.ts';

/**
 * Compression on the wire (issue 14, item 1): JSON answers over 1 KB in brotli or gzip by the
 * request's Accept-Encoding, small ones and the live event stream as they are, and the built web
 * app's precompressed files picked by content negotiation with `Vary: Accept-Encoding`.
 */

let ctx: TestContext;
let token: string;
let base: string;
let webDist: string;
/** the same database, serving a fake built web app with its .br and .gz twins */
let web: FastifyInstance;

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `kata-${i}`))};`;
const INDEX = '<!doctype html><title>Klinikita</title><div id="root"></div>';

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'pendaftaran');
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webDist = mkdtempSync(path.join(tmpdir(), 'klinikita-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(webDist, name), text);
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(text));
  };
  file('index.html', INDEX);
  file('assets/app-3f2a.js', SCRIPT);
  web = await buildApp({
    db: ctx.database.db,
    listen: ctx.database.listen,
    logLevel: 'silent',
    webDist,
    eventConsumers: false,
  });
});
afterAll(async () => {
  await web?.close();
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('API answers', () => {
  it('compresses a JSON answer over 1 KB with brotli or gzip, decoding to the same JSON', async () => {
    const url = `${API}/patients?limit=50`;
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: token, 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }
  });

  it('sends an answer under 1 KB as it is (one patient)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API}/patients?limit=1`,
      headers: { authorization: token, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe(true);
  });
});

describe('live event stream', () => {
  it('is neither compressed nor held back: its first frame arrives as plain text at once', async () => {
    const { res, first } = await new Promise<{ res: IncomingMessage; first: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}${API}/events`,
        { headers: { authorization: token, 'accept-encoding': 'br, gzip' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ res, first: chunk.toString('latin1') });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/^retry: \d+\n\n/);
  });
});

describe('the built web app', () => {
  it('serves a hashed asset as its .br twin to a browser that takes brotli, with Vary and the immutable cache', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the .gz twin for gzip only and the file itself without Accept-Encoding, both with Vary', async () => {
    const gz = await web.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await web.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers an app route with index.html, compressed and no-cache', async () => {
    for (const url of ['/', '/EMR/Detail/some-patient']) {
      const res = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });
});
