import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  nodeTestConfig,
  defineConfig({
    test: {
      // Each file starts its own server and database; two cores run two at a time.
      pool: 'forks',
      fileParallelism: true,
    },
  }),
);
