import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

export default mergeConfig(nodeTestConfig, defineConfig({ test: { include: ['*.test.ts'] } }));
