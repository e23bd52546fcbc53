import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './support/global-setup.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // one server per worker (support/global-setup.ts): two spec files at once on two cores
    maxWorkers: e2eWorkers(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a poll waits as long as a Playwright wait does: saving a user hashes a password (scrypt, ~0.6 s
    // alone), which on a busy CI machine outlasts vitest's 1 s default
    expect: { poll: { timeout: 15_000 } },
  },
});
