import { describe, expect, it } from 'vitest';
import { colourSchema, isColour } from './colour.ts';

describe('colours (spec section 5)', () => {
  it.each([
    '#267EFA',
    '#fff',
    '#ffff',
    '#267EFA80',
    'rgb(38, 126, 250)',
    'rgba(38,126,250,0.5)',
    'rgb(38 126 250 / 50%)',
    'rgb(10%, 50%, 100%)',
    'hsl(215, 95%, 56%)',
    'hsla(215deg, 95%, 56%, .4)',
    'hsl(0.5turn 95% 56% / 0.3)',
    'rebeccapurple',
    'White',
    'transparent',
  ])('accepts %s', (value) => {
    expect(isColour(value)).toBe(true);
    expect(colourSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    '#12',
    '#12345',
    '#ggg',
    '267EFA',
    'rgb(1,2)',
    'rgb(1,2,3,4,5)',
    'hsl(10, 20, 30)',
    'notacolour',
    'url(javascript:alert(1))',
    'red; background: url(x)',
  ])('refuses %s', (value) => {
    expect(isColour(value)).toBe(false);
    const result = colourSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/must be a colour/);
  });
});
