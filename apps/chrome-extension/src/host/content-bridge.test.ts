import { describe, expect, it } from 'vitest';
import { composeFrameUrl, listenToComposeFrames } from './content-bridge.ts';
import { createFakeChrome, FAKE_EXTENSION_ID } from './fake-chrome.ts';
import { signInPageUrl } from './extension-server.ts';

const frame = { id: FAKE_EXTENSION_ID, url: `chrome-extension://${FAKE_EXTENSION_ID}/compose.html#abc123def456` };

describe('the content script’s ear for its compose frames', () => {
  it('answers our compose frames’ well-formed requests', async () => {
    const fake = createFakeChrome();
    const heard: unknown[] = [];
    listenToComposeFrames(fake.chrome, (request) => {
      heard.push(request);
      return { inserted: true };
    });
    const request = { type: 'vocal-compose-insert', composeId: 'abc123def456', html: '<p>hi</p>' };
    expect(await fake.sendToContent(request, frame)).toEqual({ inserted: true });
    expect(heard).toEqual([request]);
  });

  it('ignores other extensions, other pages of ours, and malformed requests', async () => {
    const fake = createFakeChrome();
    const heard: unknown[] = [];
    listenToComposeFrames(fake.chrome, (request) => heard.push(request));
    const request = { type: 'vocal-compose-context', composeId: 'abc123def456' };
    expect(await fake.sendToContent(request, { ...frame, id: 'another' })).toBeUndefined();
    expect(await fake.sendToContent(request, { ...frame, url: `chrome-extension://${FAKE_EXTENSION_ID}/popup.html` })).toBeUndefined();
    for (const bad of [
      null,
      { type: 'vocal-compose-insert', composeId: 'abc123def456' },
      { ...request, composeId: '../x' },
      { type: 'eval' },
    ]) {
      expect(await fake.sendToContent(bad, frame)).toBeUndefined();
    }
    expect(heard).toEqual([]);
  });

  it('answers null when handling fails, rather than leaving the frame waiting', async () => {
    const fake = createFakeChrome();
    listenToComposeFrames(fake.chrome, () => {
      throw new Error('Gmail changed');
    });
    expect(await fake.sendToContent({ type: 'vocal-compose-context', composeId: 'abc123def456' }, frame)).toBeNull();
  });

  it('names the compose frame and the sign-in page by the manifest’s server and the extension’s id', () => {
    const { chrome } = createFakeChrome();
    expect(composeFrameUrl(chrome, 'abc123def456')).toBe(`chrome-extension://${FAKE_EXTENSION_ID}/compose.html#abc123def456`);
    expect(signInPageUrl(chrome)).toBe(`https://vocal.example.com/hosts-sign-in?host=chrome-extension&extension=${FAKE_EXTENSION_ID}`);
    expect(() => signInPageUrl(createFakeChrome({ homepage: null }).chrome)).toThrow(/names no server/);
  });
});
