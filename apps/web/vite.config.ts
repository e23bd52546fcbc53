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

/**
 * Vendor groups: long-lived caching; the login route loads only what its first screen needs. The
 * groups of the first load take only the modules the entry imports itself (`$initial`): the rest of
 * a library goes with the screens that use it. TanStack Query is not part of the first load
 * (app/query-layer.ts) but for its context, which the app's providers hold from the start.
 */
const vendorChunks: {
  name: string;
  test: RegExp | ((id: string) => boolean);
  initial: boolean;
  /** false: the group leaves the modules it imports where they are (the query context, first load) */
  withImports?: false;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, initial: true },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, initial: true },
  {
    name: 'query',
    test: (id) => /node_modules[\\/]@tanstack[\\/]/.test(id) && !/QueryClientProvider\.js$/.test(id),
    initial: false,
    withImports: false,
  },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    initial: true,
  },
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
          groups: vendorChunks.map(({ name, test, initial, withImports }) => ({
            name,
            test,
            ...(initial && { tags: ['$initial' as const] }),
            ...(withImports === false && { includeDependenciesRecursively: false }),
          })),
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
