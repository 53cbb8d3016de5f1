import { describe, expect, it } from 'vitest';
import {
  CONTACT_FORM_STRING_DEFAULTS,
  defaultPersonalisation,
  mergeSettings,
  personalisationPatchSchema,
  personalisationSchema,
} from './personalisation.ts';
import { DEFAULT_THEMES } from './theme-presets.ts';

describe('personalisation defaults (spec section 3)', () => {
  const settings = defaultPersonalisation();

  it('user', () => expect(settings.user).toEqual({ name: 'You', avatarUrl: null }));
  it('themes are the four presets', () => expect(settings.themes).toEqual(DEFAULT_THEMES));
  it('defaults', () => expect(settings.defaults).toEqual({ notifications: true, transcriptions: true }));
  it('attachment', () => expect(settings.attachment).toEqual({ name: 'Voice memo', enabled: false }));
  it('recorder', () => expect(settings.recorder).toEqual({ deviceId: null, skipReview: false }));
  it('signature', () =>
    expect(settings.signature).toEqual({
      enabled: true,
      message: 'Hey, check out my voice message!',
      theme: 0,
    }));
  it('contact form strings', () => {
    expect(settings.contactForm.theme).toBe(0);
    expect(settings.contactForm.strings).toEqual({
      title: 'Send us a message',
      subtitle: 'via voice message',
      micPermissionTitle: 'We need access to your mic',
      micPermissionButton: 'Grant permission',
      writeInstead: 'Send a message instead',
      messagePlaceholder: 'Write your message here',
      startRecording: 'Start recording',
      stopRecording: 'Stop recording',
      emailPlaceholder: 'Enter your email address',
    });
    expect(Object.values(CONTACT_FORM_STRING_DEFAULTS)).toHaveLength(9);
  });
  it('listen page', () =>
    expect(settings.listenPage).toEqual({
      theme: 0,
      date: { shown: true },
      logoUrl: null,
      comments: { enabled: true },
      // Not in the spec's list: hides the listen page's Download button from visitors.
      download: { enabled: true },
      cta: {
        enabled: true,
        link: null,
        message: 'Send a voice message like this',
        button: 'Join for free',
      },
      reply: { enabled: true, label: 'Reply' },
      strings: { sharedWithYou: 'shared this voice message with you' },
    }));

  it('an emptied string falls back to its default', () => {
    const parsed = personalisationSchema.parse({
      listenPage: { reply: { label: '' }, cta: { button: '   ' } },
      contactForm: { strings: { title: '' } },
      user: { name: '' },
    });
    expect(parsed.listenPage.reply.label).toBe('Reply');
    expect(parsed.listenPage.cta.button).toBe('Join for free');
    expect(parsed.contactForm.strings.title).toBe('Send us a message');
    expect(parsed.user.name).toBe('You');
  });
});

describe('personalisation rules', () => {
  it('refuses a CTA link that is not http or https', () => {
    const result = personalisationSchema.safeParse({
      listenPage: { cta: { link: 'javascript:alert(1)' } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['listenPage', 'cta', 'link']);
  });

  it('refuses a theme colour that is not a colour', () => {
    const themes = [{ ...DEFAULT_THEMES[0], primary: 'blue; x: y' }];
    expect(personalisationSchema.safeParse({ themes }).success).toBe(false);
  });

  it('notifications: every kind on, the digest off, under the one defaults.notifications switch; stored rows without the group get it', () => {
    const settings = defaultPersonalisation();
    expect(settings.defaults.notifications).toBe(true);
    expect(settings.notifications).toEqual({
      reply: true,
      comment: true,
      contactForm: true,
      collect: true,
      firstListen: true,
      digest: false,
    });
    const older = personalisationSchema.parse({ defaults: { notifications: false } });
    expect(older.defaults.notifications).toBe(false);
    expect(older.notifications.reply).toBe(true);
    expect(personalisationPatchSchema.safeParse({ notifications: { digest: true } }).success).toBe(true);
    expect(personalisationSchema.safeParse({ notifications: { digest: 'daily' } }).success).toBe(false);
  });

  it('refuses unknown groups in a patch', () => {
    expect(personalisationPatchSchema.safeParse({ plan: {} }).success).toBe(false);
    expect(personalisationPatchSchema.safeParse({ listenPage: { cta: {} } }).success).toBe(true);
  });

  it('merges a patch deeply and replaces arrays', () => {
    const base = defaultPersonalisation();
    const merged = mergeSettings(base, { listenPage: { cta: { message: 'Hi' } }, themes: [] });
    expect(merged.listenPage.cta.message).toBe('Hi');
    expect(merged.listenPage.cta.button).toBe('Join for free');
    expect(merged.themes).toEqual([]);
  });

  it('a patch cannot reach the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "user": {"name": "Ada"}}');
    const merged = mergeSettings(defaultPersonalisation(), patch);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
    expect(merged.user.name).toBe('Ada');
  });
});
