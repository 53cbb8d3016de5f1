import { hostE2eTestConfig } from '@vocal/vitest-config';

export default hostE2eTestConfig;
