import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core idle (CPUs − 1: one worker on a two-core CI machine). The API
    // tests spend much of their time waiting on PostgreSQL, a process of its own, so every core
    // gets a worker: on two cores this halves the suite's wall time.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
