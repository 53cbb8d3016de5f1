import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@vocal/vitest-config';

// The tests start the real API server as a child process: one per file.
export default mergeConfig(nodeTestConfig, defineConfig({ test: { pool: 'forks' } }));
