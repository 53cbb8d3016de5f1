import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColour } from './colour-maths.ts';
import { defaultPersonalisation } from './personalisation.ts';
import { accentFor, shareAccentSchema, signatureAccent, SHARE_ACCENT_DARK_TEXT, SHARE_ACCENT_LIGHT_TEXT } from './share-accent.ts';
import { THEME_PRESETS } from './theme-presets.ts';

const contrastOf = (accent: { background: string; text: string }) =>
  contrastRatio(parseColour(accent.background)!, parseColour(accent.text)!);

describe('the accent of the link in inserted HTML (docs/decisions/0061)', () => {
  it('darkens each preset’s primary just enough for white text', () => {
    expect(accentFor(THEME_PRESETS.Light.primary)).toEqual({ background: '#2271E1', text: '#FFFFFF' });
    expect(accentFor(THEME_PRESETS.Slate.primary)).toEqual({ background: '#4577B4', text: '#FFFFFF' });
    expect(accentFor(THEME_PRESETS.Black.primary)).toEqual({ background: '#3275D6', text: '#FFFFFF' });
    expect(accentFor(THEME_PRESETS['Exotic Black'].primary)).toEqual({ background: '#8068AC', text: '#FFFFFF' });
  });

  it('keeps a primary that already reads with white text', () => {
    expect(accentFor('#1E3A8A')).toEqual({ background: '#1E3A8A', text: SHARE_ACCENT_LIGHT_TEXT });
    expect(accentFor('black')).toEqual({ background: '#000000', text: SHARE_ACCENT_LIGHT_TEXT });
  });

  it('gives a very light primary near-black text on its own colour instead of turning it olive or grey', () => {
    expect(accentFor('#FFFF00')).toEqual({ background: '#FFFF00', text: SHARE_ACCENT_DARK_TEXT });
    expect(accentFor('#FACC15')).toEqual({ background: '#FACC15', text: SHARE_ACCENT_DARK_TEXT });
    expect(accentFor('white')).toEqual({ background: '#FFFFFF', text: SHARE_ACCENT_DARK_TEXT });
    // A mid-light orange still takes white text, on a darker orange.
    expect(accentFor('#FF8800')).toEqual({ background: '#B35F00', text: SHARE_ACCENT_LIGHT_TEXT });
  });

  it('reads every form a theme may hold, named colours too, as the server would', () => {
    expect(accentFor('rgb(38 126 250)')).toEqual(accentFor('#267EFA'));
    expect(accentFor('hsl(215, 95%, 56%)')?.text).toBe(SHARE_ACCENT_LIGHT_TEXT);
    expect(accentFor(' RebeccaPurple ')).toEqual({ background: '#663399', text: SHARE_ACCENT_LIGHT_TEXT });
    expect(accentFor('#267EFA80')).toEqual(accentFor('#267EFA'));
    expect(accentFor('transparent')).toBeNull();
    expect(accentFor('currentcolor')).toBeNull();
  });

  it('always reaches 4.5:1 and writes #RRGGBB, whatever the primary', () => {
    const colours = ['#000', '#fff', '#888', '#767676', '#777777', '#ff0000', '#00ff00', '#0000ff', '#ff00ff', '#00ffff'];
    for (let hue = 0; hue < 360; hue += 15) {
      for (const lightness of [20, 40, 50, 60, 70, 85, 95]) colours.push(`hsl(${hue}, 90%, ${lightness}%)`);
    }
    for (const colour of colours) {
      const accent = accentFor(colour)!;
      expect(shareAccentSchema.parse(accent), colour).toEqual(accent);
      expect(contrastOf(accent), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('follows the signature’s theme, whether or not the message is on, falling back as resolveTheme does', () => {
    const settings = defaultPersonalisation();
    expect(signatureAccent(settings)).toEqual({ background: '#2271E1', text: '#FFFFFF' });
    expect(signatureAccent({ ...settings, signature: { ...settings.signature, theme: 3 } })).toEqual({
      background: '#8068AC',
      text: '#FFFFFF',
    });
    expect(signatureAccent({ ...settings, signature: { ...settings.signature, enabled: false, theme: 3 } })?.background).toBe('#8068AC');
    expect(signatureAccent({ ...settings, signature: { ...settings.signature, theme: 40 } })?.background).toBe('#2271E1');
    const custom = { ...THEME_PRESETS.Light, name: 'Signature', primary: 'gold' };
    expect(signatureAccent({ themes: [...settings.themes, custom], signature: { ...settings.signature, theme: 4 } })).toEqual({
      background: '#FFD700',
      text: SHARE_ACCENT_DARK_TEXT,
    });
  });
});
