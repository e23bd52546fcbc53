import { defineConfig } from 'vitest/config';

/** `npm run test:reliability`: faults and races at volume (issue 6), on PGlite or DATABASE_URL's server. */
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.reliability.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
