import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`e2e/*.e2e.ts`): a real server and real Chromium per file, with time for a
 * shared, noisy machine. Two files at a time: each spends most of its time waiting on its
 * server, its browser and real-time audio, so two keep the cores busier than one, and the
 * files share nothing (each has its own server, data folder and browser profile).
 */
export const e2eTestConfig = defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
