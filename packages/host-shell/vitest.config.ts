import { defineConfig, mergeConfig } from 'vitest/config';
import { domTestConfig } from '@vocal/vitest-config';

export default mergeConfig(domTestConfig, defineConfig({ test: { setupFiles: ['./vitest.setup.ts'] } }));
