import { describe, expect, it } from 'vitest';
import { defaultPersonalisation, THEME_PRESETS } from '@vocal/settings-model';
import { buildShare } from './build-share.ts';

const upload = {
  id: 'AbCdEf123456',
  url: 'https://vocal.example/listen/AbCdEf123456',
  imageUrl: 'https://vocal.example/files/AbCdEf123456.png',
};

describe('buildShare', () => {
  it('titles the link by the subject, with the signature message and its theme’s accent', () => {
    const settings = defaultPersonalisation();
    expect(buildShare({ upload, subject: '  Budget ', settings, durationSeconds: 7 })).toEqual({
      id: 'AbCdEf123456',
      url: 'https://vocal.example/listen/AbCdEf123456',
      title: 'Budget',
      message: 'Hey, check out my voice message!',
      imageUrl: 'https://vocal.example/files/AbCdEf123456.png',
      durationSeconds: 7,
      accent: { background: '#2271E1', text: '#FFFFFF' },
    });
  });

  it('follows signature.theme into the account’s themes, and keeps the accent with the message off', () => {
    const settings = defaultPersonalisation();
    const exotic = { ...settings, signature: { ...settings.signature, theme: 3 } };
    expect(buildShare({ upload, subject: null, settings: exotic, durationSeconds: 1 }).accent).toEqual({
      background: '#8068AC',
      text: '#FFFFFF',
    });
    const off = { ...settings, signature: { ...settings.signature, enabled: false, theme: 3 } };
    expect(buildShare({ upload, subject: null, settings: off, durationSeconds: 1 })).toMatchObject({
      title: 'Listen to my voice message',
      message: null,
      accent: { background: '#8068AC', text: '#FFFFFF' },
    });
    const yellow = { ...THEME_PRESETS.Light, name: 'Signature', primary: '#FFFF00' };
    const custom = { themes: [yellow], signature: { ...settings.signature, theme: 0 } };
    expect(buildShare({ upload, subject: null, settings: custom, durationSeconds: 1 }).accent).toEqual({
      background: '#FFFF00',
      text: '#111111',
    });
  });

  it('has neither message nor accent without settings (a visitor’s page)', () => {
    expect(
      buildShare({ upload: { id: 'x', url: 'https://vocal.example/listen/x' }, subject: null, settings: null, durationSeconds: 0 }),
    ).toEqual({
      id: 'x',
      url: 'https://vocal.example/listen/x',
      title: 'Listen to my voice message',
      message: null,
      imageUrl: '',
      durationSeconds: 0,
      accent: null,
    });
  });
});
