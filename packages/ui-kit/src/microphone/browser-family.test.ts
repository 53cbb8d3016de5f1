import { describe, expect, it } from 'vitest';
import { browserFamily } from './browser-family.ts';
import { unblockSteps } from './unblock-steps.ts';

const agents = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
};

describe('browserFamily', () => {
  it.each([
    ['chrome', 'chrome'],
    ['headless', 'chrome'],
    ['edge', 'edge'],
    ['firefox', 'firefox'],
    ['safari', 'safari'],
    ['iphone', 'safari'],
    ['opera', 'other'],
  ] as const)('%s is %s', (agent, family) => expect(browserFamily(agents[agent])).toBe(family));
});

describe('unblockSteps', () => {
  it('names the place in each browser where the microphone is allowed again', () => {
    expect(unblockSteps('chrome').steps[0]).toContain('left of the address bar');
    expect(unblockSteps('edge').browser).toBe('Edge');
    expect(unblockSteps('firefox').steps[0]).toContain('microphone icon in the address bar');
    expect(unblockSteps('safari').steps[0]).toContain('Settings for This Website');
    for (const family of ['chrome', 'edge', 'firefox', 'safari', 'other'] as const) {
      expect(unblockSteps(family).steps.at(-1)).toContain('Try again');
    }
  });
});
