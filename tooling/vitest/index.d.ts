import type { ViteUserConfig } from 'vitest/config';
import type { TestSequencerConstructor } from 'vitest/node';

export declare const nodeTestConfig: ViteUserConfig;
export declare const domTestConfig: ViteUserConfig;
export declare const componentTestConfig: ViteUserConfig;
export declare const hostComponentTestConfig: ViteUserConfig;
export declare const e2eTestConfig: ViteUserConfig;
export declare const hostE2eTestConfig: ViteUserConfig;
export declare function slowFilesFirst(slowFiles: string[]): TestSequencerConstructor;
