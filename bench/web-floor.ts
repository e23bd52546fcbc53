/**
 * The floor row of the web bench: bench/floor (React and Mantine with its stylesheet drawing the
 * login form, nothing else) built with Vite into a temporary folder and served as the product serves
 * its own files (hashed assets immutable for a year, the page revalidated). Its time against the
 * static page is what the stack the product is held to costs; the login page's time against it is
 * what the product adds.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function floorServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'klinikita-bench-floor-'));
  await build({
    root: path.join(import.meta.dirname, 'floor'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const wanted = (req.url ?? '/').split('?')[0]!;
    const file = path.join(outDir, wanted === '/' ? 'index.html' : path.normalize(wanted));
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': wanted.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((r) =>
            server.close(() => {
              rmSync(outDir, { recursive: true, force: true });
              r();
            }),
          ),
      });
    }),
  );
}
