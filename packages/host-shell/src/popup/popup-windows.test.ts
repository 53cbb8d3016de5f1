import { sampleShare } from '@vocal/host-contract/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_CHECK_MS } from './converse-with-popup.ts';
import { fakeOpener, ORIGIN } from './fake-popup.ts';
import { PopupBlockedError } from './open-popup.ts';
import { sealMessage } from './popup-envelope.ts';
import { recordInPopup, signInInPopup } from './popup-windows.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const signedIn = sealMessage({ type: 'signed-in', tokens });

afterEach(() => {
  vi.useRealTimers();
});

describe('signing in through a popup', () => {
  it('opens our sign-in page as a popup and resolves with the tokens it hands back, closing it', async () => {
    const fake = fakeOpener();
    const result = signInInPopup(`${ORIGIN}/hosts-sign-in?host=zendesk`, fake.opener);
    expect(fake.opened).toEqual([
      { url: `${ORIGIN}/hosts-sign-in?host=zendesk`, target: '_blank', features: expect.stringMatching(/^popup,width=\d+,height=\d+/) },
    ]);
    fake.deliver(signedIn);
    expect(await result).toEqual(tokens);
    expect(fake.popup().closed).toBe(true);
  });

  it.each([
    ['from another origin', { origin: 'https://evil.example' }],
    ['from another window', { source: {} }],
    ['from no window', { source: null }],
  ])('ignores a message %s', async (_name, from) => {
    const fake = fakeOpener();
    const result = signInInPopup('/hosts-sign-in?host=zendesk', fake.opener);
    fake.deliver(sealMessage({ type: 'signed-in', tokens: { accessToken: 'stolen', refreshToken: 'stolen' } }), from);
    fake.deliver(signedIn);
    expect(await result).toEqual(tokens);
  });

  it.each([
    ['outside our envelope', { type: 'signed-in', tokens }],
    ['as a JSON string', JSON.stringify(signedIn)],
    ['of an unknown type', sealMessage({ type: 'format-disk' })],
    ['with empty tokens', sealMessage({ type: 'signed-in', tokens: { accessToken: '', refreshToken: '' } })],
    ['from a host SDK', '{"key":"zaf.app.registered"}'],
  ])('ignores a message %s', async (_name, data) => {
    const fake = fakeOpener();
    const result = signInInPopup('/hosts-sign-in?host=zendesk', fake.opener);
    fake.deliver(data);
    expect(fake.popup().closed).toBe(false);
    fake.deliver(sealMessage({ type: 'cancelled' }));
    expect(await result).toBeNull();
  });

  it('resolves with null when the person closes the window', async () => {
    vi.useFakeTimers();
    const fake = fakeOpener();
    const result = signInInPopup('/hosts-sign-in?host=zendesk', fake.opener);
    await vi.advanceTimersByTimeAsync(CLOSED_CHECK_MS * 3);
    fake.popup().close();
    await vi.advanceTimersByTimeAsync(CLOSED_CHECK_MS);
    expect(await result).toBeNull();
  });

  it('rejects with a clear error when the browser blocks the popup', async () => {
    const fake = fakeOpener({ blocked: true });
    await expect(signInInPopup('/hosts-sign-in?host=zendesk', fake.opener)).rejects.toThrow(PopupBlockedError);
    await expect(signInInPopup('/hosts-sign-in?host=zendesk', fake.opener)).rejects.toThrow('Allow pop-ups for this page');
  });

  it('opens pages of our own origin only', async () => {
    const fake = fakeOpener();
    await expect(signInInPopup('https://evil.example/sign-in', fake.opener)).rejects.toThrow('opens on https://vocal.example only');
    expect(fake.opened).toEqual([]);
  });

  it('brings the open window forward rather than opening a second', async () => {
    const fake = fakeOpener();
    const first = signInInPopup('/hosts-sign-in?host=zendesk', fake.opener);
    const focus = vi.spyOn(fake.popup(), 'focus');
    await expect(signInInPopup('/hosts-sign-in?host=zendesk', fake.opener)).rejects.toThrow('already open');
    expect(focus).toHaveBeenCalled();
    fake.deliver(signedIn);
    await first;
    const second = signInInPopup('/hosts-sign-in?host=zendesk', fake.opener);
    fake.deliver(signedIn);
    expect(await second).toEqual(tokens);
  });
});

describe('recording in a popup', () => {
  function start() {
    const fake = fakeOpener();
    const adopted: unknown[] = [];
    const session = { lend: async () => ({ tokens, subject: 'Ticket #42' }), adopt: (next: unknown) => void adopted.push(next) };
    const result = recordInPopup(`${ORIGIN}/record/zendesk`, session, fake.opener);
    return { fake, adopted, result };
  }

  it('lends the session to our origin only, adopts rotated tokens, and resolves with the share', async () => {
    const { fake, adopted, result } = start();
    fake.deliver(sealMessage({ type: 'session-request' }));
    await vi.waitFor(() => expect(fake.popup().posted).toHaveLength(1));
    expect(fake.popup().posted[0]).toEqual({
      message: sealMessage({ type: 'session', tokens, subject: 'Ticket #42' }),
      targetOrigin: ORIGIN,
    });
    const rotated = { accessToken: 'access-2', refreshToken: 'refresh-2' };
    fake.deliver(sealMessage({ type: 'session-updated', tokens: rotated }));
    expect(adopted).toEqual([rotated]);
    fake.deliver(sealMessage({ type: 'shared', share: sampleShare() }));
    expect(await result).toEqual(sampleShare());
    expect(fake.popup().closed).toBe(true);
  });

  it('lends nothing to a stranger asking', async () => {
    const { fake, result } = start();
    fake.deliver(sealMessage({ type: 'session-request' }), { origin: 'https://evil.example' });
    fake.deliver(sealMessage({ type: 'session-request' }), { source: {} });
    fake.deliver(sealMessage({ type: 'cancelled' }));
    expect(await result).toBeNull();
    expect(fake.popup().posted).toEqual([]);
  });

  it('refuses a share whose link is not a web link', async () => {
    const { fake, result } = start();
    fake.deliver(sealMessage({ type: 'shared', share: sampleShare({ url: 'javascript:alert(1)' }) }));
    fake.deliver(sealMessage({ type: 'shared', share: sampleShare() }));
    expect(await result).toEqual(sampleShare());
  });
});
