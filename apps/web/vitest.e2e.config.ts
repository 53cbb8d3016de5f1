import { defineConfig, mergeConfig } from 'vitest/config';
import { e2eTestConfig, slowFilesFirst } from '@vocal/vitest-config';

export default mergeConfig(
  e2eTestConfig,
  defineConfig({
    test: {
      globalSetup: ['./e2e/shared-product.ts'],
      // Three files at a time: they share one server, and most of a file's time is real-time
      // audio and a browser that runs ahead of the CPU-bound suites (bin/chromium-ahead).
      maxWorkers: 3,
      // The longest files, longest first (CI, 2026-11-24), so the run does not end on one of them.
      sequence: {
        sequencer: slowFilesFirst([
          'e2e/inbox.e2e.ts',
          'e2e/no-dead-ends.e2e.ts',
          'e2e/listen-owner.e2e.ts',
          'e2e/review-step.e2e.ts',
          'e2e/visitors.e2e.ts',
          'e2e/accounts.e2e.ts',
          'e2e/notifications-and-defaults.e2e.ts',
        ]),
      },
    },
  }),
);
