import { describe, expect, it } from 'vitest';
import mainRun from '../vitest.config.ts';
import securityRun from '../vitest.security.config.ts';
import { SECURITY_SUITE_FILES } from '../vitest.suites.ts';

// `pnpm check` runs the API's tests in two runs (test:main, test:security) in two phases: a file in
// both is run twice, a file in neither never runs.
describe('the two runs of the API suite', () => {
  it('the security run takes only the security suites', () => {
    expect(securityRun.test?.include).toEqual(SECURITY_SUITE_FILES);
  });

  it('the main run takes everything else', () => {
    expect(mainRun.test?.include).toEqual(['src/**/*.test.{ts,tsx}']);
    expect(mainRun.test?.exclude).toEqual(expect.arrayContaining(SECURITY_SUITE_FILES));
  });
});
