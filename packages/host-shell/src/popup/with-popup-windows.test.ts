import { createFakeHostAdapter } from '@vocal/host-contract';
import { sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../host-api.ts';
import { withWindowRecording } from '../with-window-recording.ts';
import { fakeOpener, ORIGIN } from './fake-popup.ts';
import { sealMessage } from './popup-envelope.ts';
import { lendHostSession, withPopupWindows } from './with-popup-windows.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

describe('a host adapter with popup windows', () => {
  it('records in our popup with the panel’s session, and the subject and conversation read when the window asks', async () => {
    const fake = fakeOpener();
    const hostApi = createHostApi();
    hostApi.api.session.setTokens(tokens);
    let context = { subject: 'Before', conversation: 'zendesk:acme/1' };
    const { adapter } = createFakeHostAdapter({ capabilities: { recordInWindow: false, signInWithDialog: false } });
    const host = withPopupWindows(
      adapter,
      lendHostSession(hostApi, () => context),
      fake.opener,
    );
    const result = host.recordInWindow!(`${ORIGIN}/record/zendesk`);
    context = { subject: 'Refund request', conversation: 'zendesk:acme/4521' };
    fake.deliver(sealMessage({ type: 'session-request' }));
    await vi.waitFor(() => expect(fake.popup().posted).toHaveLength(1));
    expect(fake.popup().posted[0]!.message).toEqual(
      sealMessage({ type: 'session', tokens, subject: 'Refund request', conversation: 'zendesk:acme/4521' }),
    );
    const rotated = { accessToken: 'access-2', refreshToken: 'refresh-2' };
    fake.deliver(sealMessage({ type: 'session-updated', tokens: rotated }));
    expect(hostApi.tokens.get()).toEqual(rotated);
    fake.deliver(sealMessage({ type: 'shared', share: sampleShare() }));
    expect(await result).toEqual(sampleShare());
  });

  it('lends the session alone when the host cannot say where it is', async () => {
    const fake = fakeOpener();
    const hostApi = createHostApi();
    hostApi.api.session.setTokens(tokens);
    const { adapter } = createFakeHostAdapter({ capabilities: { recordInWindow: false, signInWithDialog: false } });
    const failing = () => Promise.reject(new Error('The host did not answer'));
    const host = withPopupWindows(adapter, lendHostSession(hostApi, failing), fake.opener);
    void host.recordInWindow!(`${ORIGIN}/record/zendesk`);
    fake.deliver(sealMessage({ type: 'session-request' }));
    await vi.waitFor(() => expect(fake.popup().posted).toHaveLength(1));
    expect(fake.popup().posted[0]!.message).toEqual(sealMessage({ type: 'session', tokens }));
  });

  it('signs in through our popup', async () => {
    const fake = fakeOpener();
    const { adapter } = createFakeHostAdapter();
    const host = withPopupWindows(adapter, lendHostSession(createHostApi()), fake.opener);
    const result = host.signInWithDialog!(`${ORIGIN}/hosts-sign-in?host=front-app`);
    fake.deliver(sealMessage({ type: 'signed-in', tokens }));
    expect(await result).toEqual(tokens);
  });

  it('turns a blocked popup into a notice and no message, not an uncaught error', async () => {
    const fake = fakeOpener({ blocked: true });
    const { adapter } = createFakeHostAdapter();
    const onWindowError = vi.fn();
    const host = withWindowRecording(withPopupWindows(adapter, lendHostSession(createHostApi()), fake.opener), {
      attachment: () => null,
      fetchAudio: async () => null,
      onWindowError,
    });
    expect(await host.recordInWindow!(`${ORIGIN}/record/zendesk`)).toBeNull();
    expect(onWindowError).toHaveBeenCalledWith('Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.');
  });
});
