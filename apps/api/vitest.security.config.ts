import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig, slowFilesFirst } from '@vocal/vitest-config';
import { SECURITY_SUITE_FILES } from './vitest.suites.ts';

/**
 * The security suites alone (the fuzz suite and the authorization matrix: long, CPU-bound
 * sequences of requests with no real-time deadline). `pnpm check` runs them in its first phase,
 * beside lint, typecheck and the builds, not beside the browser tests: there, at a lower priority
 * than the browsers' product servers, four files that take under a minute each alone took 25 to
 * 28 minutes (issue 22). Four at a time, longest first.
 */
const config = mergeConfig(
  nodeTestConfig,
  defineConfig({
    test: {
      pool: 'forks',
      fileParallelism: true,
      maxWorkers: 4,
      sequence: {
        sequencer: slowFilesFirst([
          'test/security/authorization-matrix-pglite.test.ts',
          'test/security/authorization-matrix-postgres.test.ts',
          'test/security/fuzz-pglite.test.ts',
          'test/security/fuzz-pglite-second-half.test.ts',
          'test/security/fuzz-postgres.test.ts',
        ]),
      },
    },
  }),
);

// Set after merging: mergeConfig concatenates arrays, so `include` given above would have been
// added to the shared `src/**/*.test.ts` and this run would have been the whole API suite again
// (as it was in every check until 2026-11-28: 98 files instead of 6).
config.test!.include = SECURITY_SUITE_FILES;

export default config;
