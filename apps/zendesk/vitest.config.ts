import { defineConfig, mergeConfig } from 'vitest/config';
import { domTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  domTestConfig,
  defineConfig({
    test: { include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'manifest.test.ts'], setupFiles: ['./vitest.setup.ts'] },
  }),
);
