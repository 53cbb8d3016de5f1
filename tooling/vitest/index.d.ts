import type { ViteUserConfig } from 'vitest/config';

export declare const nodeTestConfig: ViteUserConfig;
export declare const domTestConfig: ViteUserConfig;
export declare const e2eTestConfig: ViteUserConfig;
