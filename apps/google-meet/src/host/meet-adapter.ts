import type { HostAdapter, HostContext, InsertOutcome, Share } from '@vocal/host-contract';
import { meetErrorText, meetErrorType, type MeetSidePanelClient } from './meet-sdk.ts';

export type MeetAdapterOptions = {
  /** The side panel's client of the Meet add-ons SDK (a fake in tests). */
  client: MeetSidePanelClient;
  /** The main-stage page that plays `share` (our main-stage.html, on our origin). */
  mainStageUrl(share: Share): string;
  /** Puts text on the clipboard; false when the browser refused (a frame without clipboard-write). */
  copyText(text: string): Promise<boolean>;
};

/** What the person is told when something could not be done in Meet. */
export const MEET_REFUSALS = {
  copyRefused: 'Your browser did not let Vocal copy here: copy the link below and paste it into the meeting chat.',
  activityOngoing: 'Someone else’s activity is on the main stage. When it ends, press Play for everyone again.',
  policy: 'This meeting does not let add-ons start activities. Share the link in the chat instead.',
  cancelled: 'Nothing was shown: the main stage was not started.',
} as const;

/**
 * Meet's chat shows what is pasted as typed; a tag-like string in a signature or title stays
 * readable with look-alike brackets, and no chat that renders markup can take it for a tag.
 */
export function plainChatText(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** What goes to the meeting chat: the signature message, then the title and link on one line. */
export function chatText(share: Share): string {
  const line = `🎙️ ${plainChatText(share.title)}: ${share.url}`;
  return share.message ? `${plainChatText(share.message)}\n${line}` : line;
}

/**
 * Google Meet as a host (the add-on's side panel). Meet has no API that posts into its chat,
 * so the finished message is copied for the person to paste there (insertShare), and
 * playForEveryone starts an activity whose main stage plays it for everyone in the call
 * (`startActivity({mainStageUrl})`). Meet tells an add-on neither who is signed in nor a subject.
 */
export function createMeetAdapter({ client, mainStageUrl, copyText }: MeetAdapterOptions): HostAdapter {
  const start = (share: Share) => client.startActivity({ mainStageUrl: mainStageUrl(share) });

  return {
    platform: 'google-meet',
    sendLabel: 'Copy for chat',
    insertedHint: 'Copied. Paste it into the meeting chat, or play it for everyone.',

    async ready(): Promise<HostContext> {
      return {};
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      return (await copyText(chatText(share))) ? { inserted: true } : { inserted: false, reason: MEET_REFUSALS.copyRefused };
    },

    async playForEveryone(share: Share): Promise<InsertOutcome> {
      try {
        await start(share);
        return { inserted: true };
      } catch (error) {
        const type = meetErrorType(error);
        if (type === 'ActivityIsOngoing') {
          // Our own earlier message still on the stage: the person who started it may replace it.
          try {
            await client.endActivity();
            await start(share);
            return { inserted: true };
          } catch {
            return { inserted: false, reason: MEET_REFUSALS.activityOngoing };
          }
        }
        if (type === 'MeetingPolicyPreventsStartingActivity') return { inserted: false, reason: MEET_REFUSALS.policy };
        if (type === 'UserCancelled') return { inserted: false, reason: MEET_REFUSALS.cancelled };
        return { inserted: false, reason: `Meet could not start it (${meetErrorText(error)}). Share the link in the chat instead.` };
      }
    },
  };
}
