import { nodeTestConfig } from '@vocal/vitest-config';

export default nodeTestConfig;
