/**
 * `npm run bench:web` (also the second half of `npm run bench`): what the browser pays.
 * - First-load JavaScript of the login page, gzipped, as Chromium actually requests it, against the
 *   150 KB budget; every route chunk (its own code beyond what the entry already loaded) against
 *   250 KB.
 * - Time to interactive of the login page and of the doctor's queue (/Doctor/doctor) in Chromium:
 *   from navigation to the screen answering (its control visible and enabled, the main thread quiet
 *   for 500 ms), median of five runs, with the baseline of the same run: a static page holding the
 *   same form and no script, served by the same machine.
 * The doctor's queue is measured on the bench data (`npm run bench:data`) when it exists, else on
 * a fresh demo database in PGlite. Results go to bench/results/<time>-web.{md,json}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { benchTarget } from './bench-db.ts';
import { login, startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const LOGIN_BUDGET_KB = 150;
const CHUNK_BUDGET_KB = 250;
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gz = new Map<string, number>();
function gzSize(file: string): number {
  let size = gz.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gz.set(file, size);
  }
  return size;
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
      const own = [...closure(key)].filter((k) => !entry.has(k));
      const bytes = own.reduce(
        (sum, k) => sum + (manifest[k].file.endsWith('.js') ? gzSize(manifest[k].file) : 0),
        0,
      );
      return { page: c.src!.replace(/^.*features\//, ''), kb: kb(bytes), files: own.length };
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

/** Records long tasks from the first script on, so "quiet" can be checked after the screen shows. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** The login form's button can be pressed. */
const LOGIN_READY = `(() => { const b = document.querySelector('button[type=submit]'); return !!b && !b.disabled; })()`;
/** The doctor's sidebar is there and neither queue list is still loading. */
const QUEUE_READY = `(() => { const s = document.querySelector('[aria-label="Patient List"]');
  return !!s && s.querySelectorAll('ul, [data-empty]').length + s.textContent.includes('Belum ada') > 0
    && !s.querySelector('.mantine-Loader-root'); })()`;

/** Navigation → `ready` holds, then 500 ms without a long task: ms since navigation start. */
async function timeToInteractive(page: Page, url: string, ready: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(ready, undefined, { timeout: 60_000, polling: 'raf' });
  const shown = (await page.evaluate('performance.now()')) as number;
  for (;;) {
    const last = (await page.evaluate('Math.max(0, ...(window.__longTasks || []))')) as number;
    const now = (await page.evaluate('performance.now()')) as number;
    if (now - Math.max(last, shown) >= 500) return Math.round(Math.max(shown, last));
    await page.waitForTimeout(100);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A page with the login form and no script: what the browser needs at least. */
function baselineServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Klinikita</title></head>
<body><form><label>Username <input name="username"></label><label>Password <input type="password" name="password"></label>
<button type="submit">Masuk</button></form></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
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
  const server = await startServer(
    onBenchData && target.kind === 'postgres' ? target.url : '',
    serverDataDir ? { DATA_DIR: serverDataDir } : {},
  );
  const baseline = await baselineServer();
  const browser = await launch();
  try {
    // first load of the login page, as requested by the browser
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'id-ID' });
    const page = await context.newPage();
    // first load: what is requested until the form can be used (later prefetches do not count)
    const scripts = new Set<string>();
    let ready = false;
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!ready && r.resourceType() === 'script' && u.pathname.startsWith('/assets/'))
        scripts.add(u.pathname.slice(1));
    });
    await page.goto(`${server.base}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    ready = true;
    const loginFiles = [...scripts].map((f) => ({ file: f, kb: kb(gzSize(f)) })).sort((a, b) => b.kb - a.kb);
    const loginKb = kb(loginFiles.reduce((s, f) => s + gzSize(f.file), 0));
    await context.close();

    const chunks = routeChunks();

    const measure = async (label: string, run: (page: Page) => Promise<number>) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // the readiness checks are expressions: the app's CSP would refuse them
        const ctx = await browser.newContext({
          viewport: { width: 1366, height: 768 },
          locale: 'id-ID',
          bypassCSP: true,
        });
        const p = await ctx.newPage();
        await p.addInitScript(LONG_TASKS);
        times.push(await run(p));
        await ctx.close();
      }
      console.log(`  ${label}: ${times.join(', ')} ms`);
      return median(times);
    };
    console.log('Time to interactive (cold cache, each run a new browser context):');
    const loginTti = await measure('login page', (p) => timeToInteractive(p, `${server.base}/`, LOGIN_READY));
    const baselineTti = await measure('baseline (static form)', (p) =>
      timeToInteractive(p, baseline.url, LOGIN_READY),
    );
    const token = await login(server.base, 'dokter');
    const doctorTti = await measure('doctor queue', async (p) => {
      await p.context().addCookies([{ name: 'token', value: token, url: server.base }]);
      return timeToInteractive(p, `${server.base}/Doctor/doctor`, QUEUE_READY);
    });

    const over = chunks.filter((c) => c.kb > CHUNK_BUDGET_KB);
    const lines = [
      `# Klinikita web bench ${new Date().toISOString()}`,
      '',
      `Data: ${onBenchData ? 'bench data (npm run bench:data)' : 'fresh demo database (PGlite); run npm run bench:data for the large set'}; ${RUNS} runs each, median.`,
      '',
      '| measure | value | budget / baseline | verdict |',
      '|---|---:|---:|---|',
      `| login page first-load JS (gzip) | ${loginKb} KB | ${LOGIN_BUDGET_KB} KB | ${loginKb <= LOGIN_BUDGET_KB ? 'within' : 'OVER'} |`,
      `| largest route chunk (gzip) | ${chunks[0]?.kb ?? 0} KB (${chunks[0]?.page ?? '-'}) | ${CHUNK_BUDGET_KB} KB | ${over.length ? 'OVER' : 'within'} |`,
      `| time to interactive: login page | ${loginTti} ms | ${baselineTti} ms | ratio ${(baselineTti / loginTti).toFixed(2)} |`,
      `| time to interactive: doctor queue | ${doctorTti} ms | ${baselineTti} ms | ratio ${(baselineTti / doctorTti).toFixed(2)} |`,
      '',
      '## Login page scripts (gzip)',
      '',
      ...loginFiles.map((f) => `- ${f.file}: ${f.kb} KB`),
      '',
      '## Route chunks beyond the entry (gzip)',
      '',
      ...chunks.map((c) => `- ${c.page}: ${c.kb} KB (${c.files} files)`),
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
          loginKb,
          loginFiles,
          chunks,
          loginTti,
          baselineTti,
          doctorTti,
        },
        null,
        2,
      ),
    );
    console.log(`\n${table}\n\nSaved to bench/results/${stamp}-web.{md,json}`);
    if (loginKb > LOGIN_BUDGET_KB || over.length) process.exitCode = 1;
  } finally {
    await browser.close();
    await baseline.close();
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
