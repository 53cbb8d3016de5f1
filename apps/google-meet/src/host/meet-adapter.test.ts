import { describeHostAdapterContract, sampleShare } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { chatText, createMeetAdapter, MEET_REFUSALS } from './meet-adapter.ts';
import { createFakeMeet, meetError, type FakeMeetOptions } from './meet-fake-sdk.ts';

const stageOf = (share: { id: string }) => `https://vocal.example/hosts/google-meet/main-stage.html?project=1234&id=${share.id}`;

function setup(options: FakeMeetOptions & { clipboard?: boolean } = {}) {
  const fake = createFakeMeet(options);
  const copied: string[] = [];
  const adapter = createMeetAdapter({
    client: fake.sidePanel,
    mainStageUrl: stageOf,
    copyText: async (text) => {
      if (options.clipboard === false) return false;
      copied.push(text);
      return true;
    },
  });
  return { ...fake, adapter, copied };
}

describeHostAdapterContract('the Meet adapter', () => {
  const { adapter, copied } = setup();
  // What the person pastes into the meeting chat.
  return { adapter, insertedContent: () => copied };
});

describe('the Meet adapter', () => {
  it('is the google-meet platform, and Meet tells it no address or subject', async () => {
    const { adapter } = setup();
    expect(adapter.platform).toBe('google-meet');
    expect(await adapter.ready()).toEqual({});
    expect(adapter.sendLabel).toBe('Copy for chat');
  });

  it('copies the signature, the title and the link for the meeting chat', async () => {
    const { adapter, copied } = setup();
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: true });
    expect(copied).toEqual(['Hey, check out my voice message!\n🎙️ Quarterly numbers: https://vocal.example/listen/AbCdEf123456']);
    expect(chatText(sampleShare({ message: null, title: 'a <b> c' }))).toBe('🎙️ a ‹b› c: https://vocal.example/listen/AbCdEf123456');
  });

  it('says to copy by hand when the browser refuses the clipboard', async () => {
    const { adapter } = setup({ clipboard: false });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: MEET_REFUSALS.copyRefused });
  });

  it('plays the message for everyone: an activity whose main stage is the page that plays it', async () => {
    const { adapter, calls } = setup();
    expect(hasCapability(adapter, 'playForEveryone')).toBe(true);
    expect(await adapter.playForEveryone?.(sampleShare())).toEqual({ inserted: true });
    expect(calls).toEqual([
      {
        name: 'startActivity',
        state: { mainStageUrl: 'https://vocal.example/hosts/google-meet/main-stage.html?project=1234&id=AbCdEf123456' },
      },
    ]);
  });

  it('replaces its own message on the stage with the next one', async () => {
    const { adapter, calls, activity } = setup();
    await adapter.playForEveryone?.(sampleShare({ id: 'first000001' }));
    expect(await adapter.playForEveryone?.(sampleShare({ id: 'second00001' }))).toEqual({ inserted: true });
    expect(calls.map((call) => call.name)).toEqual(['startActivity', 'startActivity', 'endActivity', 'startActivity']);
    expect(activity()?.mainStageUrl).toContain('id=second00001');
  });

  it('says why when Meet refuses: another person’s activity, the meeting’s policy, a cancel, anything else', async () => {
    const ongoing = setup({ startFailures: [meetError('ActivityIsOngoing')], endFailure: meetError('UserNotInitiator') });
    expect(await ongoing.adapter.playForEveryone?.(sampleShare())).toEqual({ inserted: false, reason: MEET_REFUSALS.activityOngoing });
    const policy = setup({ startFailures: [meetError('MeetingPolicyPreventsStartingActivity')] });
    expect(await policy.adapter.playForEveryone?.(sampleShare())).toEqual({ inserted: false, reason: MEET_REFUSALS.policy });
    const cancelled = setup({ startFailures: [meetError('UserCancelled')] });
    expect(await cancelled.adapter.playForEveryone?.(sampleShare())).toEqual({ inserted: false, reason: MEET_REFUSALS.cancelled });
    const other = setup({ startFailures: [meetError('InternalError', 'Something broke')] });
    expect(await other.adapter.playForEveryone?.(sampleShare())).toEqual({
      inserted: false,
      reason: 'Meet could not start it (Something broke). Share the link in the chat instead.',
    });
  });

  it('has no window capabilities of its own: the app adds its popups', () => {
    const { adapter } = setup();
    expect(hasCapability(adapter, 'signInWithDialog')).toBe(false);
    expect(hasCapability(adapter, 'recordInWindow')).toBe(false);
    expect(hasCapability(adapter, 'attachAudio')).toBe(false);
  });
});
