import { describe, expect, it } from 'vitest';
import { parseColour, toHex } from './colour.ts';

// The arithmetic (contrast, mixing, ensureContrast) is settings-model's and tested there.
describe('parseColour', () => {
  it.each([
    ['#267EFA', '#267EFA'],
    ['#fff', '#FFFFFF'],
    ['rgb(38 126 250 / 50%)', '#267EFA'],
    ['hsl(120deg 100% 25%)', '#008000'],
    ['white', '#FFFFFF'],
    [' Black ', '#000000'],
  ])('reads %s', (input, hex) => {
    const parsed = parseColour(input);
    expect(parsed && toHex(parsed)).toBe(hex);
  });

  it('returns null for what it cannot read, and for other names where there is no canvas to ask', () => {
    expect(parseColour('not a colour')).toBeNull();
    expect(parseColour('#12')).toBeNull();
    expect(parseColour('rebeccapurple')).toBeNull();
  });
});
