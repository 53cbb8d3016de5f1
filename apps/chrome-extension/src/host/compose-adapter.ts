import {
  conversationReplyHtml,
  conversationReplyText,
  shareHtml,
  shareText,
  type ConversationReply,
  type HostAdapter,
  type HostContext,
  type InsertOutcome,
  type Share,
} from '@vocal/host-contract';
import { conversationKeySchema, type ConversationKey } from '@vocal/settings-model';
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

/** What the panel says when a reply could not go into the email, and its link was copied (or not). */
export const REPLY_COPIED_INSTEAD =
  'Couldn’t add the reply to your email; its link is copied. Paste it into your email (Ctrl+V, or ⌘V on a Mac).';
export const replyCopyItYourself = (url: string) => `Couldn’t add the reply to your email. Copy its link and paste it: ${url}`;

const GMAIL_KEY_PREFIX = 'gmail:';

/** The conversation of a Gmail thread: `gmail:{thread id}`, the hexadecimal id the Gmail API uses too. */
export function gmailConversation(threadId: string | null | undefined): ConversationKey | undefined {
  return threadId ? conversationKeySchema.safeParse(`${GMAIL_KEY_PREFIX}${threadId}`).data : undefined;
}

/** The Gmail thread a conversation key names, if it names one. */
export const gmailThreadOf = (key: string | undefined): string | undefined =>
  key?.startsWith(GMAIL_KEY_PREFIX) ? key.slice(GMAIL_KEY_PREFIX.length) : undefined;

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
      const context = composeContextSchema.safeParse(answer).data;
      const subject = context?.subject.trim();
      // A reply's thread is the conversation (a new message has none): this frame belongs to one
      // compose window, and a compose window stays in its thread; once it is gone, there is none.
      const conversation = gmailConversation(context?.thread);
      return { ...(subject ? { subject } : {}), ...(conversation ? { conversation } : {}) };
    },

    replyInsertLabel: 'Add to email',
    replyInsertedHint: 'The reply is in the email you are writing, at your cursor: nothing is sent until you send it.',

    /**
     * A reply goes where the link goes: into this compose window's body at the cursor, the
     * reply being written in the thread it answers. Where it cannot (the window was closed or
     * redrawn), its link is copied, as a share's is.
     */
    async insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      const answer = await ask({ type: 'vocal-compose-insert', composeId, html: conversationReplyHtml(reply) }).catch(() => null);
      if (insertResultSchema.safeParse(answer).data?.inserted) return { inserted: true };
      const copied = await options.copyText(conversationReplyText(reply)).catch(() => false);
      return { inserted: false, reason: copied ? REPLY_COPIED_INSTEAD : replyCopyItYourself(reply.url) };
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
