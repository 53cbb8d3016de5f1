import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { checkReportOptions } from './check-report.js';

const shared = {
  include: ['src/**/*.test.{ts,tsx}'],
  // Machines running the tests are shared and noisy: no test may depend on speed. Timeouts
  // only catch a hang; with a CPU hog beside the whole of `pnpm check`, a test that takes
  // 15 s alone has taken over 90 (the sign-in throttling test), and starting a server process
  // over a minute.
  // (In a full `pnpm check` the machine has since run 25 and more threads per core for half
  // an hour, and a server start that takes 4 s alone ran past 240 s: these only catch a hang.)
  testTimeout: 900_000,
  hookTimeout: 600_000,
  // expect.poll gives up after 1 s by default: a hang guard too, so as generous as the above.
  expect: { poll: { timeout: 300_000 } },
  restoreMocks: true,
  // Files share their worker's module cache and environment instead of each building its
  // own: a fresh jsdom per file was most of the CPU these suites took (ui-kit: 68 s of CPU
  // isolated, 12 s shared). Tests clean up after themselves (Testing Library unmounts after
  // each test, mocks are restored); a suite that needs isolation turns it back on.
  isolate: false,
  ...checkReportOptions(),
};

/** Unit and integration tests that run in Node. */
export const nodeTestConfig = defineConfig({
  test: { ...shared, environment: 'node' },
});

/** Component tests that need a DOM. */
export const domTestConfig = defineConfig({
  test: { ...shared, environment: 'jsdom' },
});
/**
 * React component tests with Testing Library: jsdom, jest-dom's matchers, and each test's render
 * cleaned up after it (component-setup.js). A package's own setup file, where it needs one, is
 * added beside it (mergeConfig concatenates setupFiles). Its tsconfig lists
 * "@testing-library/jest-dom/vitest" in `types` for the matchers' types.
 */
export const componentTestConfig = defineConfig({
  test: {
    ...domTestConfig.test,
    setupFiles: [...(domTestConfig.test.setupFiles ?? []), fileURLToPath(new URL('./component-setup.js', import.meta.url))],
  },
});
/**
 * A host app's own tests when it needs nothing of its own: its components and scripts, and the
 * check of its manifest. Such an app gives `hostComponentTestConfig.test` as its vite.config.ts's
 * `test`, where Vitest finds it, instead of keeping a vitest.config.ts like every other's.
 */
export const hostComponentTestConfig = defineConfig({
  test: { ...componentTestConfig.test, include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'manifest.test.ts'] },
});
export { e2eTestConfig, hostE2eTestConfig } from './e2e.js';
export { slowFilesFirst } from './slow-files-first.js';
