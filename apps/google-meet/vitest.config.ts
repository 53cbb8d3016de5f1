import { defineConfig, mergeConfig } from 'vitest/config';
import { componentTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  componentTestConfig,
  defineConfig({
    // The production build's switch (vite.config.ts): unit tests never take the harness's SDK.
    define: { __MEET_HARNESS__: 'false' },
    test: { include: ['src/**/*.test.{ts,tsx}', '*.test.ts'] },
  }),
);
