import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // the service worker's virtual module comes from the build's PWA plugin (build/app-shell.ts)
  resolve: {
    alias: {
      'virtual:pwa-register/react': fileURLToPath(new URL('src/test/pwa-register.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // the files of a worker share its module graph and document instead of loading Mantine and a
    // new jsdom each (the suite in half the time); src/test/setup.ts puts back what a file leaves
    isolate: false,
  },
});
