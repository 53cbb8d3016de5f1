import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  nodeTestConfig,
  defineConfig({ test: { include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'manifest.test.ts'] } }),
);
