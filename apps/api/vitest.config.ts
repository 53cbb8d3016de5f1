import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig, slowFilesFirst } from '@vocal/vitest-config';
import { SECURITY_SUITE_FILES } from './vitest.suites.ts';

export default mergeConfig(
  nodeTestConfig,
  defineConfig({
    test: {
      // Each file starts its own server and database, and spends much of its time waiting on
      // them and on child processes: four at a time. In `pnpm check` this run shares phase 1 with
      // lint, typecheck, the builds and the security suites (test:security,
      // vitest.security.config.ts), never the browser tests (decision 0058).
      exclude: [...configDefaults.exclude, ...SECURITY_SUITE_FILES],
      pool: 'forks',
      fileParallelism: true,
      maxWorkers: 4,
      // The longest files, longest first (alone on this machine, 2026-11-24): started last,
      // they made the tail.
      sequence: {
        sequencer: slowFilesFirst([
          'src/crash-recovery.test.ts',
          'src/admin.test.ts',
          'src/routes/auth.test.ts',
          'src/routes/audio.test.ts',
          'src/routes/transcription.test.ts',
          'src/routes/inbox.test.ts',
          'src/jobs/job-processes.test.ts',
        ]),
      },
    },
  }),
);
