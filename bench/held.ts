/**
 * `node --import tsx bench/held.ts`: held load — `BENCH_STREAMS` (1,000) open event streams on one
 * instance. Opens them in batches over plain sockets and reads the server's resident memory
 * (/proc/<pid>/status) before and while they are held; times an ordinary request while they are
 * held; publishes one real event and times its arrival at every stream; keeps them open past a
 * heartbeat to see that the server drops none; then closes them all and checks that the server lets
 * their sockets go (it exposes no subscriber count over HTTP, so its socket descriptors stand in).
 * Standalone it runs on the demo clinic in a fresh PGlite and writes
 * bench/results/<time>-held.{md,json}; `measureHeldStreams` is the same run for bench/run.ts.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, login, startServer } from './server.ts';

export interface HeldOptions {
  base: string;
  token: string;
  /** the server's process: its memory and sockets are read from /proc */
  pid: number;
  clinicId: number;
  /** default `BENCH_STREAMS` or 1,000 */
  count?: number;
  /** one real write that publishes a live event of `clinicId`; called twice (a warm-up, then timed) */
  publish: () => Promise<void>;
  /** how long the streams stay open in all; longer than the server's heartbeat (25 s) so one falls in */
  holdMs?: number;
  batch?: number;
  log?: (line: string) => void;
}

export interface HeldResult {
  streams: number;
  opened: number;
  openMs: number;
  batch: number;
  rssBytes: { before: number; held: number; afterClose: number };
  /** (held − before) / opened: one reading each, so a garbage collection in between shows */
  bytesPerStream: number;
  /** least-squares slope of RSS over the streams open after each batch: steadier against GC */
  bytesPerStreamSlope: number;
  /** socket descriptors of the server process: each stream holds one */
  serverSockets: { before: number; held: number; afterClose: number };
  /** GET /users, median of five, before opening and while all are held */
  users: { beforeMs: number; heldMs: number; heldStatus: number };
  /** from the publishing call's start to the event's arrival at each stream */
  delivery: {
    received: number;
    publishMs: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    /** first to last arrival: the fan-out itself, without the write */
    spreadMs: number;
  };
  /** streams the server ended while held (a heartbeat or the buffer limit would do it); heartbeats seen */
  hold: { ms: number; dropped: number; withoutHeartbeat: number };
  fdLimit: { bench: number; server: number };
  problems: string[];
}

interface HeldStream {
  req: http.ClientRequest;
  heartbeats: number;
  /** ms since the timed publish started, once its event arrived */
  arrivedMs?: number;
  /** the server ended it before the bench closed it */
  ended: boolean;
  closing: boolean;
}

const FIRST_BYTES_TIMEOUT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 15_000;
const SETTLE_MS = 2000;
// the server's default heartbeat (events.ts): a hold longer than this must see one on every stream
const HEARTBEAT_MS = 25_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx ? sxy / sxx : Number.NaN;
}

function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

function socketsOf(pid: number): number {
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // closed between the listing and the look
    }
  }
  return sockets;
}

/** The soft limit on open files (`ulimit -n`) of a process. */
function fdLimitOf(pid: number | 'self'): number {
  const line = /^Max open files\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return line?.[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line?.[1]);
}

/** Resolves once the stream answered 200 text/event-stream and its first bytes (`retry:`) arrived. */
function openStream(url: URL, token: string, agent: http.Agent, onEvent: (s: HeldStream) => void) {
  return new Promise<HeldStream>((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: token, accept: 'text/event-stream' } });
    const stream: HeldStream = { req, heartbeats: 0, ended: false, closing: false };
    req.setTimeout(FIRST_BYTES_TIMEOUT_MS, () => req.destroy(new Error('no first bytes in time')));
    req.on('error', (error) => {
      if (!stream.closing) stream.ended = true;
      reject(error);
    });
    req.on('response', (res) => {
      const type = String(res.headers['content-type']);
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        req.destroy();
        reject(new Error(`stream answered ${res.statusCode} ${type}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let first = true;
      res.on('data', (chunk: string) => {
        if (first) {
          first = false;
          req.setTimeout(0);
          resolve(stream);
        }
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(': ping')) stream.heartbeats++;
          else if (/^event: /m.test(block)) onEvent(stream);
        }
      });
      res.on('close', () => {
        if (!stream.closing) stream.ended = true;
      });
    });
  });
}

async function timeUsers(base: string, token: string): Promise<{ ms: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${API}/users`, { headers: { authorization: token } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    status = res.status;
  }
  return {
    ms: percentile(
      times.sort((a, b) => a - b),
      50,
    ),
    status,
  };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

export async function measureHeldStreams(opts: HeldOptions): Promise<HeldResult> {
  const { base, token, pid, clinicId, publish } = opts;
  const count = opts.count ?? Number(process.env.BENCH_STREAMS ?? 1000);
  const batch = opts.batch ?? 100;
  const holdMs = opts.holdMs ?? Number(process.env.BENCH_HOLD_MS ?? 27_000);
  const log = opts.log ?? console.log;
  const problems: string[] = [];

  // each stream is one socket at each end, besides what the processes already hold
  const fdLimit = { bench: fdLimitOf('self'), server: fdLimitOf(pid) };
  for (const [side, limit] of Object.entries(fdLimit)) {
    if (limit < count + 200)
      problems.push(
        `open-file limit of the ${side} is ${limit}, too low for ${count} streams: raise ulimit -n`,
      );
  }

  // a warm-up: the first write and the first requests compile what they use
  await publish();
  await timeUsers(base, token);
  await sleep(SETTLE_MS);
  const users = await timeUsers(base, token);
  const rssBefore = rssOf(pid);
  const socketsBefore = socketsOf(pid);

  let publishedAt = Number.NaN;
  const onEvent = (s: HeldStream) => {
    if (!Number.isNaN(publishedAt) && s.arrivedMs === undefined)
      s.arrivedMs = performance.now() - publishedAt;
  };
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const url = new URL(`${base}${API}/events?clinicId=${clinicId}`);
  const streams: HeldStream[] = [];
  const rssByStreams: [number, number][] = [[0, rssBefore]];
  const openStarted = performance.now();
  while (streams.length < count) {
    const size = Math.min(batch, count - streams.length);
    const settled = await Promise.allSettled(
      Array.from({ length: size }, () => openStream(url, token, agent, onEvent)),
    );
    for (const s of settled) if (s.status === 'fulfilled') streams.push(s.value);
    const failed = settled.find((s) => s.status === 'rejected');
    rssByStreams.push([streams.length, rssOf(pid)]);
    log(
      `  open ${String(streams.length).padStart(5)}/${count}  ${ms(performance.now() - openStarted)}  server RSS ${mib(rssByStreams.at(-1)![1])}`,
    );
    if (failed) {
      problems.push(
        `${settled.filter((s) => s.status === 'rejected').length} of a batch failed to open: ${failed.reason}`,
      );
      break;
    }
  }
  const openMs = performance.now() - openStarted;
  const heldFrom = performance.now();

  await sleep(SETTLE_MS);
  const rssHeld = rssOf(pid);
  const socketsHeld = socketsOf(pid);
  const heldUsers = await timeUsers(base, token);
  if (heldUsers.status !== 200) problems.push(`GET /users answered ${heldUsers.status} while held`);

  const closeAll = () => {
    for (const s of streams) {
      s.closing = true;
      s.req.destroy();
    }
    agent.destroy();
  };
  publishedAt = performance.now();
  // a failed write must not leave the streams open in the caller's process
  await publish().catch((error) => {
    closeAll();
    throw error;
  });
  const publishMs = performance.now() - publishedAt;
  await waitFor(() => streams.every((s) => s.arrivedMs !== undefined || s.ended), DELIVERY_TIMEOUT_MS);
  const arrivals = streams
    .map((s) => s.arrivedMs)
    .filter((t) => t !== undefined)
    .sort((a, b) => a - b);
  if (arrivals.length < streams.length)
    problems.push(`the event reached ${arrivals.length} of ${streams.length} streams`);

  await sleep(Math.max(0, holdMs - (performance.now() - heldFrom)));
  const held = performance.now() - heldFrom;
  const dropped = streams.filter((s) => s.ended).length;
  const withoutHeartbeat = streams.filter((s) => !s.ended && s.heartbeats === 0).length;
  if (dropped) problems.push(`${dropped} streams were ended by the server while held`);
  if (held > HEARTBEAT_MS + 1000 && withoutHeartbeat)
    problems.push(`${withoutHeartbeat} streams got no heartbeat in ${(held / 1000).toFixed(0)} s`);

  closeAll();
  if (!(await waitFor(() => socketsOf(pid) <= socketsBefore, 10_000)))
    problems.push(`the server still holds ${socketsOf(pid) - socketsBefore} sockets 10 s after the close`);
  await sleep(SETTLE_MS);

  const opened = streams.length;
  if (opened < count) problems.push(`opened ${opened} of ${count} streams`);
  return {
    streams: count,
    opened,
    openMs,
    batch,
    rssBytes: { before: rssBefore, held: rssHeld, afterClose: rssOf(pid) },
    bytesPerStream: opened ? (rssHeld - rssBefore) / opened : Number.NaN,
    bytesPerStreamSlope: slope(rssByStreams),
    serverSockets: { before: socketsBefore, held: socketsHeld, afterClose: socketsOf(pid) },
    users: { beforeMs: users.ms, heldMs: heldUsers.ms, heldStatus: heldUsers.status },
    delivery: {
      received: arrivals.length,
      publishMs,
      p50Ms: percentile(arrivals, 50),
      p99Ms: percentile(arrivals, 99),
      maxMs: arrivals.at(-1) ?? Number.NaN,
      spreadMs: (arrivals.at(-1) ?? Number.NaN) - arrivals[0],
    },
    hold: { ms: held, dropped, withoutHeartbeat },
    fdLimit,
    problems,
  };
}

/** The result as a markdown table (bench/run.ts can append it to its own). */
export function heldTable(r: HeldResult): string {
  return [
    '| held event streams | |',
    '|---|---:|',
    `| streams open | ${r.opened} / ${r.streams} |`,
    `| time to open all (batches of ${r.batch}) | ${ms(r.openMs)} |`,
    `| server RSS before / held / after close | ${mib(r.rssBytes.before)} / ${mib(r.rssBytes.held)} / ${mib(r.rssBytes.afterClose)} |`,
    `| memory per held stream: (held − before) / streams; slope over the batches | ${kib(r.bytesPerStream)} / ${kib(r.bytesPerStreamSlope)} |`,
    `| server sockets before / held / after close | ${r.serverSockets.before} / ${r.serverSockets.held} / ${r.serverSockets.afterClose} |`,
    `| GET /users (median of 5) before / while held | ${ms(r.users.beforeMs)} / ${ms(r.users.heldMs)} |`,
    `| the publishing write answered in | ${ms(r.delivery.publishMs)} |`,
    `| event received by | ${r.delivery.received} / ${r.opened} |`,
    `| delivery p50 / p99 / max (from the write's start) | ${ms(r.delivery.p50Ms)} / ${ms(r.delivery.p99Ms)} / ${ms(r.delivery.maxMs)} |`,
    `| fan-out: first to last arrival | ${ms(r.delivery.spreadMs)} |`,
    `| held for / dropped by the server / without a heartbeat | ${(r.hold.ms / 1000).toFixed(1)} s / ${r.hold.dropped} / ${r.hold.withoutHeartbeat} |`,
    `| open-file limit bench / server | ${r.fdLimit.bench} / ${r.fdLimit.server} |`,
  ].join('\n');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'klinikita-bench-held-'));
  const server = await startServer('', { DATA_DIR: dataDir });
  try {
    const token = await login(server.base, 'superadmin');
    const headers = { authorization: token, 'content-type': 'application/json', origin: server.base };
    const patients = await fetch(`${server.base}${API}/patients?limit=1`, { headers });
    const patientId = ((await patients.json()) as { data: { docs: { uid: string }[] } }).data.docs[0].uid;
    const clinicId = 10;
    // a laboratory visit needs no doctor on duty today: the cheapest write that publishes an event
    const publish = async () => {
      const res = await fetch(`${server.base}${API}/registrations/registrations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          clinicId,
          patientId,
          orderType: 'service',
          serviceType: 'LAB',
          payerType: 'self',
          confirmDuplicate: true, // the same patient again on purpose
        }),
      });
      if (!res.ok) throw new Error(`registration create: ${res.status} ${await res.text()}`);
    };

    console.log(`\nHeld load on the demo clinic (PGlite), server pid ${server.pid}\n`);
    const result = await measureHeldStreams({ base: server.base, token, pid: server.pid, clinicId, publish });

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    const table = [
      `# Klinikita held load ${new Date().toISOString()}`,
      '',
      `One instance on the demo clinic (PGlite); clinic ${clinicId}; the event: a laboratory registration.`,
      '',
      heldTable(result),
      '',
      result.problems.length ? `Problems: ${result.problems.join('; ')}` : 'No problem.',
    ].join('\n');
    writeFileSync(path.join(dir, `${stamp}-held.md`), `${table}\n`);
    writeFileSync(
      path.join(dir, `${stamp}-held.json`),
      JSON.stringify({ at: new Date().toISOString(), database: 'pglite', clinicId, ...result }, null, 2),
    );
    console.log(`\n${table}\n\nSaved to bench/results/${stamp}-held.{md,json}`);
    if (result.problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
