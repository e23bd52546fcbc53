/**
 * `npm run bench:web` (also the second half of `npm run bench`): what the browser pays, as Chromium
 * receives it (issue 14).
 * - Bytes on the wire from Chromium's network events (`Network.loadingFinished` encodedDataLength):
 *   the login page's first-load JavaScript against 160 KB and stylesheets against 40 KB, with the
 *   gzip and brotli sizes of the same files; every route chunk (its own code beyond what the entry
 *   already loaded, as the server sends it to a browser taking brotli) against 220 KB; and per page,
 *   cold and warm.
 * - Times in Chromium, each against a static page holding the login form and no script, measured in
 *   the same run under the same conditions: cold (a new browser context) and warm (the second visit
 *   in the same context), unthrottled and under the clinic profile (CPU 4× slower, 10 Mbit/s both
 *   ways, 40 ms latency): the login page and the doctor's screen and the front office after login
 *   until interactive (the screen answers and the main thread is quiet for 500 ms), keystroke to
 *   results in the front office's patient search, and the first visit card of a patient with 1,000
 *   visits (bench/record-patient.ts). `BENCH_WEB_RUNS` runs each (default 5), median.
 * Targets (a miss fails the run): the byte budgets; warm, in both profiles: login within 2× the
 * static page, doctor's screen and front office within 3×; unthrottled: search p95 under 150 ms,
 * the long record's first visit card under 500 ms (warm: the app is open on the doctor's PC).
 * Measured on the bench data (`npm run bench:data`) when it exists, else on a fresh demo database
 * in PGlite. Results go to bench/results/<time>-web.{md,json}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import pg from 'pg';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { benchTarget, openBenchPglite } from './bench-db.ts';
import { API, startServer, untilIdle } from './server.ts';
import { floorServer } from './web-floor.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const LOGIN_BUDGET_KB = 160;
const LOGIN_CSS_BUDGET_KB = 40;
const CHUNK_BUDGET_KB = 220;
const SEARCH_P95_MS = 150;
const RECORD_FIRST_CARD_MS = 500;
const LONG_PATIENT_VISITS = 1000;
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sizes = new Map<string, { gzip: number; brotli: number; served: number }>();
/** gzip -9 and brotli (best) of a built file, and what the server sends a browser taking brotli. */
function sizesOf(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const full = path.join(dist, file);
    const source = readFileSync(full);
    const brotli = existsSync(`${full}.br`)
      ? statSync(`${full}.br`).size
      : brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    s = {
      gzip: gzipSync(source, { level: 9 }).length,
      brotli,
      served: existsSync(`${full}.br`) ? brotli : source.length,
    };
    sizes.set(file, s);
  }
  return s;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** Route chunks: each page's own code and the shared chunks it pulls in beyond the entry's. */
function routeChunks() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const entry = closure(entryKey);
  return Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.src?.includes('/pages/'))
    .map(([key, c]) => {
      const own = [...closure(key)].filter((k) => !entry.has(k) && manifest[k].file.endsWith('.js'));
      const sum = (pick: (s: ReturnType<typeof sizesOf>) => number) =>
        own.reduce((total, k) => total + pick(sizesOf(manifest[k].file)), 0);
      return {
        page: c.src!.replace(/^.*features\//, ''),
        kb: kb(sum((s) => s.served)),
        gzipKb: kb(sum((s) => s.gzip)),
        files: own.length,
      };
    })
    .sort((a, b) => b.kb - a.kb);
}

async function launch(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('Chromium not found: apt-get install -y chromium');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The clinic PC of the issue: CPU 4× slower, 10 Mbit/s down and up, 40 ms round trip. */
const PROFILES = [
  { name: 'unthrottled', cpu: 1, network: null },
  {
    name: 'throttled',
    cpu: 4,
    network: { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 },
  },
] as const;
type Profile = (typeof PROFILES)[number];

/**
 * Bytes Chromium received per request, by kind: the body as it crossed the wire (compressed, the
 * response headers left out: `loadingFinished` minus what `responseReceived` had counted) and
 * everything with the headers. `mark()` starts a new visit.
 */
function wireMeter(cdp: CDPSession) {
  const urls = new Map<string, string>();
  const headers = new Map<string, number>();
  let byFile = new Map<string, { body: number; total: number }>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.responseReceived', (e) => headers.set(e.requestId, e.response.encodedDataLength));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (!url) return;
    const seen = byFile.get(url) ?? { body: 0, total: 0 };
    seen.body += Math.max(0, e.encodedDataLength - (headers.get(e.requestId) ?? 0));
    seen.total += e.encodedDataLength;
    byFile.set(url, seen);
  });
  return {
    mark() {
      byFile = new Map();
    },
    /** What has arrived since the last mark. */
    read() {
      const totals = { js: 0, css: 0, all: 0, withHeaders: 0 };
      const files: { path: string; bytes: number }[] = [];
      for (const [url, { body, total }] of byFile) {
        const { pathname } = new URL(url);
        totals.all += body;
        totals.withHeaders += total;
        if (pathname.endsWith('.js')) totals.js += body;
        if (pathname.endsWith('.css')) totals.css += body;
        files.push({ path: pathname, bytes: body });
      }
      return { ...totals, files };
    },
  };
}
type Wire = ReturnType<ReturnType<typeof wireMeter>['read']>;

/** A page of a new browser context under `profile`, counting what it receives. */
async function openPage(browser: Browser, profile: Profile, cookie?: { token: string; base: string }) {
  // the readiness checks are expressions: the app's CSP would refuse them
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    bypassCSP: true,
  });
  if (cookie) await context.addCookies([{ name: 'token', value: cookie.token, url: cookie.base }]);
  const page = await context.newPage();
  await page.addInitScript(LONG_TASKS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = wireMeter(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  return { context, page, wire };
}

/** Records long tasks and key presses from the first script on. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('keydown', (e) => { window.__keyAt = e.timeStamp; }, true);
`;

/** The login form's button can be pressed. */
const LOGIN_READY = `(() => { const b = document.querySelector('button[type=submit]'); return !!b && !b.disabled; })()`;
/** The doctor's sidebar is there and neither queue list is still loading. */
const QUEUE_READY = `(() => { const s = document.querySelector('[aria-label="Patient List"]');
  return !!s && s.querySelectorAll('ul, [data-empty]').length + s.textContent.includes('Belum ada') > 0
    && !s.querySelector('.mantine-Loader-root'); })()`;
/** The front office's search box takes input and nothing on the screen is loading. */
const FRONT_READY = `(() => { const i = document.querySelector('input[role=combobox]');
  return !!i && !i.disabled && !document.querySelector('main .mantine-Loader-root'); })()`;
/** The first visit card of the record is on the screen. */
const RECORD_READY = `!!document.querySelector('[data-testid="record-visit"]')`;

/**
 * Navigation → `ready` holds (checked every frame), then 500 ms without a long task: ms since
 * navigation start, and the bytes received until the screen answered.
 */
async function visit(
  page: Page,
  wire: ReturnType<typeof wireMeter>,
  url: string,
  ready: string,
  quiet = true,
): Promise<{ ms: number; wire: Wire }> {
  wire.mark();
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction(ready, undefined, { timeout: quiet ? 120_000 : 60_000, polling: 'raf' })
    .catch(async (error: Error) => {
      // what the screen showed instead, for the one reading the failure
      const text = (await page.evaluate('document.body?.innerText ?? ""').catch(() => '')) as string;
      throw new Error(`${url}: ${error.message.split('\n')[0]}; the screen said: ${text.slice(0, 300)}`);
    });
  const shown = (await page.evaluate('performance.now()')) as number;
  const received = wire.read();
  if (!quiet) return { ms: Math.round(shown), wire: received };
  for (;;) {
    const last = (await page.evaluate('Math.max(0, ...(window.__longTasks || []))')) as number;
    const now = (await page.evaluate('performance.now()')) as number;
    if (now - Math.max(last, shown) >= 500) return { ms: Math.round(Math.max(shown, last)), wire: received };
    await page.waitForTimeout(100);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * What the stack costs and what the product adds, warm: the floor (React and Mantine drawing the
 * login form) against the static page, and the product's pages against the floor. Not targets.
 */
function floorLines(timings: Record<string, Record<string, { warm: number }>>): string[] {
  const lines = ['## The floor of the stack (warm; not a target)', ''];
  for (const [profile, t] of Object.entries(timings)) {
    if (!t.floor || !t.static) continue;
    const of = (key: string) => (t[key] ? `${(t[key].warm / Math.max(1, t.floor.warm)).toFixed(2)}×` : '–');
    lines.push(
      `- ${profile}: floor ${t.floor.warm} ms = ${(t.floor.warm / Math.max(1, t.static.warm)).toFixed(2)}× the static page; against the floor: login ${of('login')}, doctor's screen ${of('doctor')}, front office ${of('frontOffice')}`,
    );
  }
  return lines;
}

/** A page with the login form and no script: what the browser needs at least. */
function baselineServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Klinikita</title></head>
<body><form><label>Username <input name="username"></label><label>Password <input type="password" name="password"></label>
<button type="submit">Masuk</button></form></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

async function hasBenchData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM registrations');
    return rows[0].n > 100_000;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A demo login (password `klinikita`): the token and the user's clinic. */
async function loginUser(base: string, username: string): Promise<{ token: string; clinicId: number }> {
  const res = await fetch(`${base}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'klinikita' }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string; user: { ClinicId: number | null } } };
  return { token: data.token, clinicId: data.user.ClinicId ?? 10 };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type EnsureLongPatient = (
  query: Query,
  options: { clinicId: number; visits: number },
) => Promise<{ patientUid: string; patientId: number }>;

/** bench/record-patient.ts: the patient with 1,000 visits (made once, found afterwards). */
async function longPatientMaker(): Promise<EnsureLongPatient | null> {
  const file = path.join(import.meta.dirname, 'record-patient.ts');
  if (!existsSync(file)) return null;
  const mod = (await import(file)) as { ensureLongPatient: EnsureLongPatient };
  return mod.ensureLongPatient;
}

/** Letters that the search is typed with: common fragments of Indonesian names. */
const SEARCH_TEXTS = ['siti', 'budi', 'wahyu', 'dewi', 'agus', 'rina', 'putri', 'ahmad', 'sri', 'eko'];
/** The box holds `text` and shows the answer to it (no loader): when it happened. */
const searchAnswered = (text: string) => `(() => {
  const i = document.querySelector('input[role=combobox]');
  if (!i || i.value !== ${JSON.stringify(text)}) return false;
  const box = i.closest('.mantine-InputWrapper-root') || i.parentElement;
  if (box.querySelector('.mantine-Loader-root') || !document.getElementById(i.getAttribute('aria-controls'))) return false;
  window.__answeredAt = performance.now();
  return true;
})()`;

/** Keystroke → rows for the text painted, for each key from the second on (the search starts at 2). */
async function searchKeystrokes(page: Page): Promise<number[]> {
  const box = page.locator('input[role=combobox]');
  const times: number[] = [];
  for (const word of SEARCH_TEXTS) {
    await box.fill('');
    await box.focus();
    for (let n = 1; n <= word.length; n++) {
      await page.keyboard.press(word[n - 1]);
      if (n < 2) continue;
      await page.waitForFunction(searchAnswered(word.slice(0, n)), undefined, {
        timeout: 30_000,
        polling: 'raf',
      });
      times.push(Math.round((await page.evaluate('window.__answeredAt - window.__keyAt')) as number));
    }
  }
  return times;
}

interface Timing {
  cold: number;
  warm: number;
  coldRuns: number[];
  warmRuns: number[];
  coldWire: Wire;
  warmWire: Wire;
}

async function main() {
  if (!existsSync(path.join(dist, '.vite/manifest.json')))
    throw new Error('Build the web app first: npm run build');

  // the bench data of `npm run bench:data` where it is (PostgreSQL or the PGlite bench folder)
  const target = benchTarget();
  const onBenchData =
    target.kind === 'postgres'
      ? await hasBenchData(target.url)
      : existsSync(path.join(target.dataDir, 'pg', 'PG_VERSION'));
  let dataDir: string | null = null;
  if (!onBenchData) dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-bench-web-'));
  const serverDataDir = dataDir ?? (target.kind === 'pglite' ? target.dataDir : null);
  const serverUrl = onBenchData && target.kind === 'postgres' ? target.url : '';
  const serverEnv: Record<string, string> = serverDataDir ? { DATA_DIR: serverDataDir } : {};
  let server = await startServer(serverUrl, serverEnv);
  const baseline = await baselineServer();
  const floor = await floorServer();
  let browser: Browser | null = null;
  try {
    const doctor = await loginUser(server.base, 'dokter');
    // the long record: PGlite is held by one process, so the server steps aside while it is made
    const ensureLongPatient = await longPatientMaker();
    let longPatient: { patientUid: string } | null = null;
    if (ensureLongPatient) {
      const options = { clinicId: doctor.clinicId, visits: LONG_PATIENT_VISITS };
      if (serverUrl) {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          longPatient = await ensureLongPatient((text, params) => client.query(text, params), options);
        } finally {
          await client.end();
        }
      } else {
        await server.stop();
        const db = await openBenchPglite(serverDataDir!);
        try {
          longPatient = await ensureLongPatient(
            (text, params) => db.query<Record<string, unknown>>(text, params),
            options,
          );
        } finally {
          await db.close();
        }
        server = await startServer(serverUrl, serverEnv);
      }
    }
    // sessions made before a restart stay valid: they live in the database
    const frontOffice = await loginUser(server.base, 'pendaftaran');
    // the demo's start-up work (deliveries to the SATUSEHAT simulator, consumers) ends before timing
    const settled = await untilIdle(server.pid);
    console.log(`server idle after ${Math.round(settled / 1000)} s`);
    browser = await launch();

    // the login page's first load, as Chromium receives it, until its form can be used
    const first = await openPage(browser, PROFILES[0]);
    const loginFirst = (await visit(first.page, first.wire, `${server.base}/`, LOGIN_READY, false)).wire;
    await first.context.close();
    const assetsOf = (wire: Wire, ext: string) =>
      wire.files
        .filter((f) => f.path.startsWith('/assets/') && f.path.endsWith(ext))
        .map((f) => ({ file: f.path.slice(1), receivedKb: kb(f.bytes), ...sizesOf(f.path.slice(1)) }))
        .sort((a, b) => b.receivedKb - a.receivedKb);
    const loginJs = assetsOf(loginFirst, '.js');
    const loginCss = assetsOf(loginFirst, '.css');
    const sumKb = (files: { gzip: number; brotli: number }[], key: 'gzip' | 'brotli') =>
      kb(files.reduce((s, f) => s + f[key], 0));
    const loginBytes = {
      jsKb: kb(loginFirst.js),
      cssKb: kb(loginFirst.css),
      jsGzipKb: sumKb(loginJs, 'gzip'),
      jsBrotliKb: sumKb(loginJs, 'brotli'),
      cssGzipKb: sumKb(loginCss, 'gzip'),
      cssBrotliKb: sumKb(loginCss, 'brotli'),
    };
    const chunks = routeChunks();

    const pages = [
      { key: 'static', label: 'static page (baseline)', url: baseline.url, ready: LOGIN_READY, quiet: true },
      {
        key: 'floor',
        label: 'floor: React + Mantine, the login form alone (bench/floor)',
        url: floor.url,
        ready: LOGIN_READY,
        quiet: true,
      },
      { key: 'login', label: 'login page', url: `${server.base}/`, ready: LOGIN_READY, quiet: true },
      {
        key: 'doctor',
        label: "doctor's screen (/Doctor/doctor)",
        url: `${server.base}/Doctor/doctor`,
        ready: QUEUE_READY,
        quiet: true,
        user: doctor,
      },
      {
        key: 'frontOffice',
        label: 'front office (/Registration/patient)',
        url: `${server.base}/Registration/patient`,
        ready: FRONT_READY,
        quiet: true,
        user: frontOffice,
      },
      ...(longPatient
        ? [
            {
              key: 'record',
              label: `record, ${LONG_PATIENT_VISITS} visits: first visit card`,
              url: `${server.base}/EMR/Detail/${longPatient.patientUid}`,
              ready: RECORD_READY,
              quiet: false,
              user: doctor,
            },
          ]
        : []),
    ];

    const timings: Record<string, Record<string, Timing>> = {};
    let recordMissing = longPatient ? '' : 'bench/record-patient.ts is missing';
    const search: Record<string, { p50: number; p95: number; samples: number[] }> = {};
    for (const profile of PROFILES) {
      console.log(`\n${profile.name}:`);
      timings[profile.name] = {};
      for (const p of pages) {
        if (p.key === 'record' && recordMissing) continue;
        const coldRuns: number[] = [];
        const warmRuns: number[] = [];
        let coldWire: Wire | undefined;
        let warmWire: Wire | undefined;
        for (let i = 0; i < RUNS; i++) {
          const cookie = 'user' in p && p.user ? { token: p.user.token, base: server.base } : undefined;
          const { context, page, wire } = await openPage(browser, profile, cookie);
          let cold: Awaited<ReturnType<typeof visit>>;
          let warm: Awaited<ReturnType<typeof visit>>;
          try {
            cold = await visit(page, wire, p.url, p.ready, p.quiet);
            warm = await visit(page, wire, p.url, p.ready, p.quiet);
          } catch (error) {
            await context.close();
            // a screen that never shows its mark is reported, not waited for again
            if (p.key !== 'record') throw error;
            console.log(`  ${p.label}: not measured: ${(error as Error).message}`);
            recordMissing = `the record page showed no [data-testid="record-visit"] (${(error as Error).message.split('\n')[0]})`;
            break;
          }
          coldRuns.push(cold.ms);
          warmRuns.push(warm.ms);
          coldWire ??= cold.wire;
          warmWire ??= warm.wire;
          await context.close();
        }
        if (!coldRuns.length) continue;
        console.log(`  ${p.label}: cold ${coldRuns.join(', ')} ms; warm ${warmRuns.join(', ')} ms`);
        timings[profile.name][p.key] = {
          cold: median(coldRuns),
          warm: median(warmRuns),
          coldRuns,
          warmRuns,
          coldWire: coldWire!,
          warmWire: warmWire!,
        };
      }
      // keystroke to results: one front-office page, warm, typing as a clerk does
      const { context, page, wire } = await openPage(browser, profile, {
        token: frontOffice.token,
        base: server.base,
      });
      let samples: number[] = [];
      try {
        await visit(page, wire, `${server.base}/Registration/patient`, FRONT_READY);
        samples = await searchKeystrokes(page);
      } catch (error) {
        console.log(`  search not measured: ${(error as Error).message}`);
      }
      await context.close();
      search[profile.name] = { p50: percentile(samples, 50), p95: percentile(samples, 95), samples };
      console.log(`  search keystroke → results: ${samples.join(', ')} ms`);
    }

    // the verdicts
    const targets: { target: string; value: string; ok: boolean }[] = [];
    const check = (target: string, value: string, ok: boolean) => targets.push({ target, value, ok });
    check(
      `login first-load JS received ≤ ${LOGIN_BUDGET_KB} KB`,
      `${loginBytes.jsKb} KB`,
      loginBytes.jsKb <= LOGIN_BUDGET_KB,
    );
    check(
      `login first-load CSS received ≤ ${LOGIN_CSS_BUDGET_KB} KB`,
      `${loginBytes.cssKb} KB`,
      loginBytes.cssKb <= LOGIN_CSS_BUDGET_KB,
    );
    const over = chunks.filter((c) => c.kb > CHUNK_BUDGET_KB);
    check(
      `every route chunk ≤ ${CHUNK_BUDGET_KB} KB`,
      `largest ${chunks[0]?.kb ?? 0} KB (${chunks[0]?.page ?? '-'})`,
      over.length === 0,
    );
    const ratio = (profile: string, key: string) =>
      timings[profile][key].warm / Math.max(1, timings[profile].static.warm);
    for (const profile of PROFILES) {
      for (const [key, label, limit] of [
        ['login', 'login page', 2],
        ['doctor', "doctor's screen", 3],
        ['frontOffice', 'front office', 3],
      ] as const) {
        const r = ratio(profile.name, key);
        check(
          `${label}, warm, ${profile.name}: ≤ ${limit} × static`,
          `${r.toFixed(2)} × (${timings[profile.name][key].warm} / ${timings[profile.name].static.warm} ms)`,
          r <= limit,
        );
      }
    }
    check(
      `search keystroke → results p95 < ${SEARCH_P95_MS} ms (unthrottled)`,
      `${search.unthrottled.p95} ms`,
      search.unthrottled.p95 < SEARCH_P95_MS,
    );
    const record = timings.unthrottled.record;
    check(
      `long record: first visit card < ${RECORD_FIRST_CARD_MS} ms (warm, unthrottled)`,
      record ? `${record.warm} ms (cold ${record.cold} ms)` : `not measured: ${recordMissing}`,
      !!record && record.warm < RECORD_FIRST_CARD_MS,
    );

    const row = (p: (typeof pages)[number]) => {
      const cells = PROFILES.flatMap((profile) => {
        const t = timings[profile.name][p.key];
        const base = timings[profile.name].static;
        const x = (v: number, b: number) =>
          p.key === 'static' ? '' : ` (${(v / Math.max(1, b)).toFixed(1)}×)`;
        return [`${t.cold} ms${x(t.cold, base.cold)}`, `${t.warm} ms${x(t.warm, base.warm)}`];
      });
      const t = timings.unthrottled[p.key];
      return `| ${p.label} | ${cells.join(' | ')} | ${kb(t.coldWire.js)} / ${kb(t.coldWire.css)} / ${kb(t.coldWire.all)} KB | ${kb(t.warmWire.all)} KB |`;
    };
    const lines = [
      `# Klinikita web bench ${new Date().toISOString()}`,
      '',
      `Data: ${onBenchData ? 'bench data (npm run bench:data)' : 'fresh demo database (PGlite); run npm run bench:data for the large set'}; ${RUNS} runs each, median. Throttled: CPU 4× slower, 10 Mbit/s down and up, 40 ms latency (Chromium DevTools protocol). Cold: a new browser context; warm: the second visit in the same context. Bytes: bodies as Chromium received them (Network.loadingFinished encodedDataLength less the response headers), unthrottled run.`,
      '',
      '## Login page first load (bytes received until the form can be used)',
      '',
      '| | received | gzip -9 | brotli | budget |',
      '|---|---:|---:|---:|---:|',
      `| JavaScript | ${loginBytes.jsKb} KB | ${loginBytes.jsGzipKb} KB | ${loginBytes.jsBrotliKb} KB | ${LOGIN_BUDGET_KB} KB |`,
      `| stylesheets | ${loginBytes.cssKb} KB | ${loginBytes.cssGzipKb} KB | ${loginBytes.cssBrotliKb} KB | ${LOGIN_CSS_BUDGET_KB} KB |`,
      `| everything | ${kb(loginFirst.all)} KB (${kb(loginFirst.withHeaders)} KB with headers) | | | |`,
      '',
      '## Times (median) and bytes per page',
      '',
      '| page | unthrottled cold | unthrottled warm | throttled cold | throttled warm | cold received JS / CSS / all | warm received |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...pages.filter((p) => timings.unthrottled[p.key] && timings.throttled[p.key]).map(row),
      `| search keystroke → results p50 / p95 | ${search.unthrottled.p50} / ${search.unthrottled.p95} ms | | ${search.throttled.p50} / ${search.throttled.p95} ms | | | |`,
      ...(recordMissing ? ['', `The long record was not measured: ${recordMissing}.`] : []),
      '',
      '## Targets',
      '',
      '| target | value | verdict |',
      '|---|---|---|',
      ...targets.map((t) => `| ${t.target} | ${t.value} | ${t.ok ? '✓' : '✗'} |`),
      '',
      ...floorLines(timings),
      '',
      '## Login page files (received, gzip -9, brotli)',
      '',
      ...[...loginJs, ...loginCss].map(
        (f) => `- ${f.file}: ${f.receivedKb} KB, ${kb(f.gzip)} KB, ${kb(f.brotli)} KB`,
      ),
      '',
      '## Route chunks beyond the entry (as sent to a browser taking brotli; gzip -9)',
      '',
      ...chunks.map((c) => `- ${c.page}: ${c.kb} KB, ${c.gzipKb} KB (${c.files} files)`),
    ];
    const table = lines.join('\n');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dir = path.join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${stamp}-web.md`), `${table}\n`);
    writeFileSync(
      path.join(dir, `${stamp}-web.json`),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          onBenchData,
          runs: RUNS,
          profiles: PROFILES,
          login: {
            ...loginBytes,
            allKb: kb(loginFirst.all),
            withHeadersKb: kb(loginFirst.withHeaders),
            files: [...loginJs, ...loginCss],
          },
          chunks,
          timings,
          search,
          longPatient,
          recordMissing: recordMissing || undefined,
          targets,
        },
        null,
        2,
      ),
    );
    console.log(`\n${table}\n\nSaved to bench/results/${stamp}-web.{md,json}`);
    if (targets.some((t) => !t.ok)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await baseline.close();
    await floor.close();
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
