import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.{ts,tsx}'],
  // Machines running the tests are shared and noisy: no test may depend on speed. Timeouts
  // only catch a hang; with a CPU hog beside the suite, a test that takes 10 s alone has
  // taken 30, and starting a server process over a minute.
  testTimeout: 90_000,
  hookTimeout: 240_000,
  restoreMocks: true,
};

/** Unit and integration tests that run in Node. */
export const nodeTestConfig = defineConfig({
  test: { ...shared, environment: 'node' },
});

/** Component tests that need a DOM. */
export const domTestConfig = defineConfig({
  test: { ...shared, environment: 'jsdom' },
});
export { e2eTestConfig } from './e2e.js';
