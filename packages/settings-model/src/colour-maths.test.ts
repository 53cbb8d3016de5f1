import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, contrastRatio, ensureContrast, mix, parseColour, relativeLuminance, toHex } from './colour-maths.ts';
import { isColour } from './colour.ts';
import { NAMED_COLOURS, namedColour } from './named-colours.ts';

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
    // Other names are namedColour's: the small public bundles do without the table.
    expect(parseColour('rebeccapurple')).toBeNull();
  });
});

describe('named colours', () => {
  it('reads every name colourSchema accepts, in any case, and no other', () => {
    expect(Object.keys(NAMED_COLOURS)).toHaveLength(148);
    for (const name of Object.keys(NAMED_COLOURS)) {
      expect(isColour(name), name).toBe(true);
      expect(namedColour(name.toUpperCase()), name).not.toBeNull();
    }
    expect(toHex(namedColour(' RebeccaPurple ')!)).toBe('#663399');
    expect(toHex(namedColour('cornflowerblue')!)).toBe('#6495ED');
    expect(namedColour('transparent')).toBeNull();
    expect(namedColour('currentcolor')).toBeNull();
    expect(namedColour('constructor')).toBeNull();
    expect(namedColour('#fff')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
  });

  it('matches the WCAG reference values: #767676 on white is 4.54, the luminance of white 1 and of black 0', () => {
    expect(contrastRatio(parseColour('#767676')!, WHITE)).toBeCloseTo(4.54, 2);
    expect(relativeLuminance(WHITE)).toBe(1);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(relativeLuminance(parseColour('#267EFA')!)).toBeCloseTo(0.222, 3);
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

  it('darkens the Light preset’s blue by 10% for white text', () => {
    expect(toHex(ensureContrast(parseColour('#267EFA')!, [WHITE], 4.5))).toBe('#2271E1');
  });
});
