import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';
/**
 * The dev server forwards API calls as if the browser were on the API's origin, so the server's
 * same-origin (CSRF) check holds in development too.
 */
const api = {
  target: apiTarget,
  changeOrigin: true,
  configure: (proxy: {
    on(event: 'proxyReq', listener: (req: { setHeader(n: string, v: string): void }) => void): void;
  }) => proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget)),
};

/** Vendor groups: long-lived caching; the login route loads only what its first screen needs. */
const vendorChunks: [name: string, test: RegExp][] = [
  ['react', /node_modules[\\/](react|react-dom|scheduler)[\\/]/],
  ['router', /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/],
  ['query', /node_modules[\\/]@tanstack[\\/]/],
  ['i18n', /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/],
];

export default defineConfig({
  root,
  plugins: [react(), ...appShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // Zod schema builders have no side effects: schemas a chunk does not use (the shared
      // contract defines many) are dropped, and zod itself stays out of chunks that validate nothing.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: vendorChunks.map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/logout': api,
    },
  },
});
