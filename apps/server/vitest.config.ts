import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // faults at volume run on their own (`npm run test:reliability`)
    exclude: ['src/**/*.reliability.test.ts', 'node_modules/**'],
    globalSetup: ['src/test/global-setup.ts'],
    // the files share their worker's module graph instead of importing the whole app again each
    // (import time fell from ~70 % of a file's run to ~25 %); each file still gets its own database
    // copy and app (test/test-app.ts), and no file mocks a module
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
