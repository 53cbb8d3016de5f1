import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig, slowFilesFirst } from '@vocal/vitest-config';
import { SECURITY_SUITE_FILES } from './vitest.suites.ts';

export default mergeConfig(
  nodeTestConfig,
  defineConfig({
    test: {
      // Each file starts its own server and database, and spends part of its time waiting on
      // them, on child processes and on Chromium. Four at a time keeps two cores busy: `pnpm
      // check` runs this suite alone, in a phase of its own (tooling/check/check.sh).
      // (Vitest's default is one fewer than the cores: one at a time here.)
      // The security suites run on their own (vitest.security.config.ts, `test:security`).
      exclude: [...configDefaults.exclude, ...SECURITY_SUITE_FILES],
      pool: 'forks',
      fileParallelism: true,
      maxWorkers: 4,
      // The longest files, longest first (alone on this machine, 2026-11-24): started last,
      // they made the tail.
      sequence: {
        sequencer: slowFilesFirst([
          'src/crash-recovery.test.ts',
          'src/admin/admin.test.ts',
          'src/accounts/auth.test.ts',
          'src/recordings/audio.test.ts',
          'src/recordings/transcription.test.ts',
          'src/recordings/inbox.test.ts',
          'src/jobs/job-processes.test.ts',
        ]),
      },
    },
  }),
);
