import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

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
    },
  }),
);
