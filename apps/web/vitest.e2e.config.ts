import { e2eTestConfig } from '@vocal/vitest-config';

export default e2eTestConfig;
