import { shareHtml, shareText, type HostAdapter, type HostContext, type InsertOutcome, type Share } from '@vocal/host-contract';
import {
  composeContextSchema,
  COPIED_INSTEAD,
  COPY_IT_YOURSELF,
  insertResultSchema,
  type ComposeRequest,
} from '../shared/extension-messages.ts';
import type { ChromeApi } from './chrome-api.ts';

export type ComposeAdapterOptions = {
  /** The compose window this frame records for (the content script named it in the frame's URL). */
  composeId: string;
  /** Puts text on the clipboard; false when the browser refused. */
  copyText(text: string): Promise<boolean>;
};

/** The link the person pastes when it could not go in: copied if the clipboard lets us. */
export async function copiedInstead(
  copyText: (text: string) => Promise<boolean>,
  share: Share,
  reasons: { copied: string; notCopied: string } = { copied: COPIED_INSTEAD, notCopied: COPY_IT_YOURSELF },
): Promise<InsertOutcome> {
  const copied = await copyText(shareText(share)).catch(() => false);
  return { inserted: false, reason: copied ? reasons.copied : reasons.notCopied };
}

/**
 * Gmail's compose window as a host (platform chrome-voice): the recorder is an extension page
 * framed in the compose window by the content script, and the link goes into that compose
 * body through the content script of the same tab (its top frame). Gmail's page is never
 * trusted with anything: it sees the inserted link, as the person does.
 */
export function createComposeAdapter(
  chrome: Pick<ChromeApi, 'tabs'>,
  options: ComposeAdapterOptions,
): HostAdapter & { close(): Promise<void> } {
  const { composeId } = options;
  const ask = async (request: ComposeRequest): Promise<unknown> => {
    const tab = await chrome.tabs.getCurrent();
    if (tab?.id === undefined) throw new Error('The recorder is not inside a Gmail tab.');
    return chrome.tabs.sendMessage(tab.id, request, { frameId: 0 });
  };

  return {
    platform: 'chrome-voice',
    sendLabel: 'Add to email',

    async ready(): Promise<HostContext> {
      const answer = await ask({ type: 'vocal-compose-context', composeId }).catch(() => null);
      const subject = composeContextSchema.safeParse(answer).data?.subject.trim();
      return subject ? { subject } : {};
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      const answer = await ask({ type: 'vocal-compose-insert', composeId, html: shareHtml(share) }).catch((error: unknown) => {
        console.warn('Vocal could not reach the compose window', error);
        return null;
      });
      if (insertResultSchema.safeParse(answer).data?.inserted) return { inserted: true };
      return copiedInstead(options.copyText, share);
    },

    async close() {
      await ask({ type: 'vocal-compose-close', composeId }).catch(() => undefined);
    },
  };
}
