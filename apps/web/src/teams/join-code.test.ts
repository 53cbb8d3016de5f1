import { describe, expect, it } from 'vitest';
import { codeFrom } from './join-code.ts';

const CODE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('the code typed on /join', () => {
  it('takes the code, or the whole link from the mail, with spaces around', () => {
    expect(codeFrom(CODE)).toBe(CODE);
    expect(codeFrom(`  https://vocal.example.com/join/${CODE}  `)).toBe(CODE);
    expect(codeFrom(`vocal.example.com/join/${CODE}?utm=mail#top`)).toBe(CODE);
  });

  it('refuses what is no invite code', () => {
    for (const typed of ['', 'TEAM42', `${CODE}x`, 'https://vocal.example.com/join/', 'a b c']) expect(codeFrom(typed)).toBeNull();
  });
});
