import { defineConfig, mergeConfig } from 'vitest/config';
import { e2eTestConfig, slowFilesFirst } from '@vocal/vitest-config';

export default mergeConfig(
  e2eTestConfig,
  defineConfig({
    test: {
      globalSetup: ['./e2e/shared-product.ts'],
      // Three files at a time, sharing one server. Alone, two kept 1.3 cores busy (566 CPU-s in
      // 434 s, 2026-11-30): the files wait on real-time audio and their servers more than they
      // compute. In the check its lane went from 10 min 11 s to 8 min 48 s (decision 0080).
      maxWorkers: 3,
      // The longest files, longest first (alone, 2026-11-30), so the run does not end on one of them.
      sequence: {
        sequencer: slowFilesFirst([
          'e2e/review-step.e2e.ts',
          'e2e/no-dead-ends.e2e.ts',
          'e2e/inbox.e2e.ts',
          'e2e/review-discard-title.e2e.ts',
          'e2e/accounts.e2e.ts',
          'e2e/message-expiry.e2e.ts',
          'e2e/visitors.e2e.ts',
          'e2e/monthly-allowance.e2e.ts',
          'e2e/transcript-follows.e2e.ts',
          'e2e/notifications-and-defaults.e2e.ts',
        ]),
      },
    },
  }),
);
