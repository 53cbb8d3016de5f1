import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`e2e/*.e2e.ts`): a real server and real Chromium per file, so one file at a
 * time, with time for a shared, noisy machine.
 */
export const e2eTestConfig = defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
