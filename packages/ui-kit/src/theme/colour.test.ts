import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, contrastRatio, ensureContrast, mix, parseColour, toHex } from './colour.ts';

describe('parseColour', () => {
  it.each([
    ['#267EFA', '#267EFA'],
    ['#fff', '#FFFFFF'],
    ['#0008', '#000000'],
    ['#11223344', '#112233'],
    ['rgb(38, 126, 250)', '#267EFA'],
    ['rgba(38,126,250,0.5)', '#267EFA'],
    ['rgb(38 126 250 / 50%)', '#267EFA'],
    ['rgb(100%, 0%, 0%)', '#FF0000'],
    ['hsl(0, 100%, 50%)', '#FF0000'],
    ['hsl(120deg 100% 25%)', '#008000'],
    ['hsla(0.5turn, 100%, 50%, 0.3)', '#00FFFF'],
    ['white', '#FFFFFF'],
    [' Black ', '#000000'],
  ])('reads %s', (input, hex) => {
    const parsed = parseColour(input);
    expect(parsed && toHex(parsed)).toBe(hex);
  });

  it('returns null for what it cannot read', () => {
    expect(parseColour('not a colour')).toBeNull();
    expect(parseColour('#12')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
  });

  it('matches the WCAG reference value for #767676 on white (4.54)', () => {
    expect(contrastRatio(parseColour('#767676')!, WHITE)).toBeCloseTo(4.54, 2);
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that already passes', () => {
    const navy = parseColour('#1E3A8A')!;
    expect(ensureContrast(navy, [WHITE], 4.5)).toBe(navy);
  });

  it('moves a colour that fails just far enough', () => {
    const yellow = parseColour('#FACC15')!;
    const fixed = ensureContrast(yellow, [WHITE], 4.5);
    expect(contrastRatio(fixed, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(mix(yellow, BLACK, 0.9), WHITE)).toBeGreaterThan(contrastRatio(fixed, WHITE));
  });
});
