import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig, slowFilesFirst } from '@vocal/vitest-config';

export default mergeConfig(
  nodeTestConfig,
  defineConfig({
    test: {
      // Each file starts its own server and database, and spends most of its time waiting on
      // them, on child processes and on Chromium: three files at a time keep two cores busy.
      // (Vitest's default is one fewer than the cores: one at a time here.)
      pool: 'forks',
      fileParallelism: true,
      maxWorkers: 3,
      // The longest files, longest first (CI, 2026-11-24): started last, they made the tail.
      sequence: {
        sequencer: slowFilesFirst([
          'src/security/authorization-matrix.test.ts',
          'src/routes/inbox.test.ts',
          'src/security/fuzz-pglite.test.ts',
          'src/routes/auth.test.ts',
          'src/crash-recovery.test.ts',
          'src/routes/audio.test.ts',
          'src/security/fuzz-postgres.test.ts',
          'src/routes/recordings.test.ts',
          'src/admin.test.ts',
          'src/jobs/job-processes.test.ts',
        ]),
      },
    },
  }),
);
