import { defineConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

const shared = nodeTestConfig.test ?? {};

/**
 * Two projects run by one `vitest run`: unit tests in Node beside the code, and the browser
 * tests, which build a harness page with Vite and drive the system Chromium. The browser file
 * starts its own API process and browser: it gets long timeouts and the forks pool.
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
          testTimeout: 480_000,
          hookTimeout: 480_000,
        },
      },
    ],
  },
});
