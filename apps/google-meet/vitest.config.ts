import { defineConfig, mergeConfig } from 'vitest/config';
import { domTestConfig } from '@vocal/vitest-config';

export default mergeConfig(
  domTestConfig,
  defineConfig({
    // The production build's switch (vite.config.ts): unit tests never take the harness's SDK.
    define: { __MEET_HARNESS__: 'false' },
    test: { include: ['src/**/*.test.{ts,tsx}', '*.test.ts'], setupFiles: ['./vitest.setup.ts'] },
  }),
);
