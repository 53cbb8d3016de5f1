import { defineConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

const shared = nodeTestConfig.test ?? {};

/**
 * Two projects run by one `vitest run`: unit tests in Node beside the code, and the browser
 * tests, which build a harness page with Vite and drive the system Chromium. The browser file
 * starts its own API process and browser: it gets long timeouts and the forks pool, and the
 * browser files run side by side.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'unit' } },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['e2e/**/*.browser.test.ts'],
          pool: 'forks',
          // The three browser files wait on real-time audio far more than they compute (42 CPU-s
          // in 3 min 22 s one after another in the check of 2026-11-30): side by side.
          fileParallelism: true,
          maxWorkers: 3,
          // Vitest runs projects with different worker counts one group after another.
          sequence: { groupOrder: 1 },
          testTimeout: 480_000,
          hookTimeout: 480_000,
        },
      },
    ],
  },
});
