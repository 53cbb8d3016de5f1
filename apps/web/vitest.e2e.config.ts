import { defineConfig, mergeConfig } from 'vitest/config';
import { e2eTestConfig, slowFilesFirst } from '@vocal/vitest-config';

export default mergeConfig(
  e2eTestConfig,
  defineConfig({
    test: {
      globalSetup: ['./e2e/shared-product.ts'],
      // Two files at a time, sharing one server. Alone these tests keep both cores busy
      // (2,115 CPU-s in 1,066 s with three workers); beside every other suite a third browser only
      // deepened the overload in which the fake microphone stalls.
      maxWorkers: 2,
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
