import { defineConfig, mergeConfig } from 'vitest/config';
import { componentTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  componentTestConfig,
  defineConfig({ test: { include: ['src/**/*.test.{ts,tsx}', '*.test.ts'] } }),
);
