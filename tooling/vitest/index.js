import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.{ts,tsx}'],
  // Machines running the tests are shared and noisy: no test may depend on speed.
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
