import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/app.ts';
import { baseUrl, launchBrowser, shot } from '../support/browser.ts';

const UNREACHABLE = 'Server tidak dapat dihubungi. Periksa jaringan; halaman akan tersambung lagi otomatis.';
const UPDATE = 'Versi baru tersedia — muat ulang';
/** Run in the page (this project has no DOM types): a new worker is installed and waits. */
const WORKER_WAITING = 'navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))';

/**
 * The clinic's server as the browser reaches it, through a front door this spec can shut (the
 * server stopped) and open again, that logs what crossed the network and can hand out a new
 * release of the service worker. The suite's server itself keeps running for the other specs.
 */
class FrontDoor {
  readonly requests: string[] = [];
  /** Set: /sw.js is served as this later release (a changed script is a new worker). */
  release: number | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      const changedWorker = this.release !== null && req.url?.split('?')[0] === '/sw.js';
      const headers = { ...req.headers };
      if (changedWorker) {
        // the whole script, as it is, to change it
        for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
      }
      const upstream = request(
        new URL(req.url ?? '/', baseUrl()),
        { method: req.method, headers },
        (answer) => {
          if (!changedWorker) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const body: Buffer[] = [];
          answer.on('data', (b: Buffer) => body.push(b));
          answer.on('end', () => {
            const script = `${Buffer.concat(body)}\n// release ${this.release}\n`;
            const {
              etag: _etag,
              'last-modified': _modified,
              'content-length': _length,
              ...rest
            } = answer.headers;
            res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(script) });
            res.end(script);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** The server stops: open connections drop, new ones are refused. */
  async shut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

let browser: Browser;
let door: FrontDoor;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(async () => {
  await context?.close();
  await door?.shut();
});

/** Given a user who opened Klinikita once: the app shell's worker is installed and controls the page. */
async function returningUser(): Promise<Page> {
  door = new FrontDoor();
  await door.open();
  context = await browser.newContext({
    baseURL: door.url,
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Username').waitFor();
  // the worker activates once the whole shell is in its cache; it takes over from the next load
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  await page.getByLabel('Username').waitFor();
  expect(await page.evaluate('Boolean(navigator.serviceWorker.controller)')).toBe(true);
  return page;
}

describe('the installable app shell', () => {
  it('a returning user opens the app with no script or style from the network', async () => {
    const page = await returningUser();
    // nothing left in the browser's HTTP cache either: only the worker's cache can answer
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const served: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        served.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    });
    const before = door.requests.length;

    await page.reload();
    await page.getByLabel('Username').waitFor();

    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((s) => !s.fromWorker)).toEqual([]);
    const fromNetwork = door.requests.slice(before).filter((url) => /\.(js|css)(\?|$)/.test(url));
    // the browser may ask for a newer worker script (sw.js): never for the app's code
    expect(fromNetwork.filter((url) => !url.startsWith('/sw.js'))).toEqual([]);
    // nor for the page itself: index.html comes from the worker too
    expect(door.requests.slice(before)).not.toContain('/');
  });

  it('API calls and the app’s code follow the worker’s static routes: its script never runs for them', async () => {
    const page = await returningUser();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    type Routed = { path: string; matched?: string; actual?: string };
    const routed: Routed[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      const path = new URL(response.url).pathname;
      if (!/^\/(api|assets)\//.test(path)) return;
      const info = response.serviceWorkerRouterInfo;
      routed.push({ path, matched: info?.matchedSourceType, actual: info?.actualSourceType });
    });

    await page.reload();
    await logIn(page, 'pendaftaran');

    const api = routed.filter((r) => r.path.startsWith('/api/'));
    const assets = routed.filter((r) => r.path.startsWith('/assets/'));
    // the session check, the demo accounts, the login and the front office's reads
    expect(api.length).toBeGreaterThan(3);
    expect(assets.length).toBeGreaterThan(10);
    // straight to the network: no answer of the API passes through the worker
    expect(api.filter((r) => r.matched !== 'network' || r.actual !== 'network')).toEqual([]);
    // straight from the precache, without starting the worker's script
    expect(assets.filter((r) => r.matched !== 'cache' || r.actual !== 'cache')).toEqual([]);
  });

  it('opens while the server is stopped, says so plainly, and reconnects on its own', async () => {
    const page = await returningUser();
    await logIn(page, 'pendaftaran');
    const screen = new URL(page.url()).pathname;

    // When the server stops and the user reloads
    await door.shut();
    await page.reload();
    // Then the shell opens with its message instead of the browser's error page
    await page.getByRole('alert').filter({ hasText: UNREACHABLE }).waitFor();
    expect(await page.title()).toBe('Klinikita');
    await shot(page, 'app-shell-server-unreachable');

    // And once the server answers again, the user is back on their screen, still signed in
    await door.open();
    await page.getByRole('button', { name: /Menu pengguna/ }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(screen);
  });

  it('offers a new release and reloads only when the user presses the button', async () => {
    const page = await returningUser();
    // Given a half-filled form
    await page.getByLabel('Username').fill('pendaftaran');
    await page.evaluate('window.unchangedPage = true');

    // When a new release is out and the browser finds it (the hourly check, or the next visit)
    door.release = 2;
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');

    // Then the notice says so, and the form keeps its text under the same page
    const notice = page.getByRole('status').filter({ hasText: UPDATE });
    await notice.waitFor();
    await shot(page, 'app-shell-update-notice');
    expect(await page.getByLabel('Username').inputValue()).toBe('pendaftaran');
    expect(await page.evaluate('window.unchangedPage === true')).toBe(true);
    // the new worker waits: the running page keeps the release it started with
    expect(await page.evaluate(WORKER_WAITING)).toBe(true);

    // When the user presses reload, the new release takes over and the page loads again
    await notice.getByRole('button', { name: 'Muat ulang' }).click();
    await expect.poll(() => page.evaluate('window.unchangedPage === true')).toBe(false);
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    expect(await notice.count()).toBe(0);
    expect(await page.evaluate(WORKER_WAITING)).toBe(false);
  });
});
