import { defineConfig, mergeConfig } from 'vitest/config';
import { domTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  domTestConfig,
  defineConfig({ test: { include: ['src/**/*.test.{ts,tsx}', 'manifest.test.ts', 'package.test.ts'], setupFiles: ['./vitest.setup.ts'] } }),
);
