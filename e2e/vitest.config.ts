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
    // a walk through several screens takes ~30 s alone; two spec files side by side on two busy
    // cores have taken it past 60 s (emr, consultation, queue-board in one run): the budget of a
    // whole walk, not of any one wait (each Playwright wait still gives up after 30 s)
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // a poll waits as long as a Playwright wait does: saving a user hashes a password (scrypt, ~0.6 s
    // alone), which on a busy CI machine outlasts vitest's 1 s default
    expect: { poll: { timeout: 15_000 } },
  },
});
