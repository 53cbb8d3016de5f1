import { componentTestConfig } from '@vocal/vitest-config';

export default componentTestConfig;
