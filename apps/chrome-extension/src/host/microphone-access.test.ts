import { describe, expect, it } from 'vitest';
import { createFakeChrome } from './fake-chrome.ts';
import { createMicrophoneAccess, MICROPHONE_GRANT_KEY } from './microphone-access.ts';

/** The browser's permission answer for the microphone. */
const permissions = (state: PermissionState | 'throws') => ({
  query: async () => {
    if (state === 'throws') throw new TypeError('microphone is not a permission name here');
    return Object.assign(new EventTarget(), { state, name: 'microphone', onchange: null }) as unknown as PermissionStatus;
  },
});

describe('whether the extension may use the microphone', () => {
  it('takes the browser’s answer where it has one', async () => {
    const { chrome } = createFakeChrome();
    await chrome.storage.local.set({ [MICROPHONE_GRANT_KEY]: false });
    expect(await createMicrophoneAccess(chrome, permissions('granted')).check()).toBe('granted');
    await chrome.storage.local.set({ [MICROPHONE_GRANT_KEY]: true });
    expect(await createMicrophoneAccess(chrome, permissions('denied')).check()).toBe('blocked');
  });

  it('where the browser says "prompt" (a popup, a frame), goes by the grant tab’s answer', async () => {
    const { chrome } = createFakeChrome();
    const access = createMicrophoneAccess(chrome, permissions('prompt'));
    expect(await access.check()).toBe('needed');
    await access.remember(true);
    expect(await access.check()).toBe('granted');
    await access.remember(false);
    expect(await access.check()).toBe('blocked');
    expect(await createMicrophoneAccess(chrome, permissions('throws')).check()).toBe('blocked');
    expect(await createMicrophoneAccess(chrome, undefined).check()).toBe('blocked');
  });

  it('tells the page when the grant tab answered, and opens that tab', async () => {
    const fake = createFakeChrome();
    const access = createMicrophoneAccess(fake.chrome, permissions('prompt'));
    let heard = 0;
    const stop = access.subscribe(() => heard++);
    await access.remember(true);
    expect(heard).toBe(1);
    stop();
    await access.remember(false);
    expect(heard).toBe(1);
    await access.openGrantPage();
    expect(fake.callsTo('tabs.create')).toEqual([[{ url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/permission.html' }]]);
  });
});
