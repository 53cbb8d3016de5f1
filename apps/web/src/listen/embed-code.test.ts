import { describe, expect, it } from 'vitest';
import { embedCode } from './embed-code.ts';

describe('embed code', () => {
  it('points the iframe at the embed player and escapes the title', () => {
    const code = embedCode('https://vocal.example/', 'Ab12cd34', 'Quotes "and" <tags> & more');
    expect(code).toContain('src="https://vocal.example/embed/player/Ab12cd34"');
    expect(code).toContain('title="Quotes &quot;and&quot; &lt;tags&gt; &amp; more"');
    expect(code).toMatch(/^<iframe .*width="560" height="160".*><\/iframe>$/);
  });
});
