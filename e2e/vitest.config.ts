import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // one server, one browser: specs run one after another
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
