import {
  conversationReplyHtml,
  conversationReplyText,
  shareHtml,
  type ConversationReply,
  type HostAdapter,
  type HostContext,
  type InsertOutcome,
  type Share,
} from '@vocal/host-contract';
import { composeContextSchema, type GmailBridge } from '../shared/extension-messages.ts';
import type { ChromeApi } from './chrome-api.ts';
import { copiedInstead, gmailConversation, gmailThreadOf, REPLY_COPIED_INSTEAD, replyCopyItYourself } from './compose-adapter.ts';

export const LINK_COPIED = 'The link is copied: paste it wherever you like.';
export const COPY_IT = 'Copy the link below and paste it wherever you like.';

/** The hosts the popup can insert into: Gmail, where the content script runs. */
export const isGmailUrl = (url: string | undefined) => {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === 'mail.google.com';
  } catch {
    return false;
  }
};

type Bridged = typeof globalThis & { __vocalGmail?: GmailBridge };

/**
 * The toolbar popup as a host (platform chrome-voice-popup). Where the active tab is Gmail,
 * the link goes into the compose window the person last worked in, through chrome.scripting
 * into the content script's world (the functions below run there, so they name the bridge by
 * its literal key); anywhere else, or when that fails, it is copied for the person to paste.
 * Where that compose window is a reply, its thread is the conversation, as in the compose frame.
 */
export function createPopupAdapter(
  chrome: Pick<ChromeApi, 'tabs' | 'scripting' | 'windows'>,
  options: { copyText(text: string): Promise<boolean> },
): HostAdapter {
  // The tab in front of the browser window the person last used: the one the popup opened over.
  const gmailTab = async () => {
    const window = await chrome.windows.getLastFocused({ windowTypes: ['normal'] });
    if (window.id === undefined) return null;
    const [tab] = await chrome.tabs.query({ active: true, windowId: window.id });
    return tab?.id !== undefined && isGmailUrl(tab.url) ? tab.id : null;
  };

  // The thread ready() last named: the replies on screen are its own until the panel asks again.
  let namedThread: string | null = null;

  return {
    platform: 'chrome-voice-popup',
    insertedHint: 'The link went into the email you are writing in Gmail.',

    async ready(): Promise<HostContext> {
      namedThread = null;
      try {
        const tabId = await gmailTab();
        if (tabId === null) return {};
        const [result] = await chrome.scripting.executeScript({
          target: { tabId },
          func: () => (globalThis as Bridged).__vocalGmail?.activeContext?.() ?? null,
        });
        const context = composeContextSchema.safeParse(result?.result).data;
        const subject = context?.subject.trim();
        // The email in front is a reply: its thread is the conversation, as in the compose frame.
        const conversation = gmailConversation(context?.thread);
        if (conversation) namedThread = context!.thread!;
        return { ...(subject ? { subject } : {}), ...(conversation ? { conversation } : {}) };
      } catch {
        return {};
      }
    },

    replyInsertLabel: 'Add to email',
    replyInsertedHint: 'The reply went into the email you are writing in Gmail: nothing is sent until you send it.',

    /**
     * A reply goes into the email in front in Gmail only while that email is a reply in the
     * thread the reply answers (the person may have moved on since the popup listed it); else
     * its words and link are copied.
     */
    async insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      // The thread the reply was listed for, where it says (the panel may have asked again since);
      // else the one ready() named last.
      const thread = gmailThreadOf(reply.conversation) ?? namedThread;
      try {
        const tabId = await gmailTab();
        if (tabId !== null && thread) {
          const [result] = await chrome.scripting.executeScript({
            target: { tabId },
            func: (html: string, replyThread: string) =>
              (globalThis as Bridged).__vocalGmail?.insertIntoActiveReply?.(html, replyThread) ?? false,
            args: [conversationReplyHtml(reply), thread],
          });
          if (result?.result === true) return { inserted: true };
        }
      } catch (error) {
        console.warn('Vocal could not insert the reply into the active tab', error);
      }
      const copied = await options.copyText(conversationReplyText(reply)).catch(() => false);
      return { inserted: false, reason: copied ? REPLY_COPIED_INSTEAD : replyCopyItYourself(reply.url) };
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      try {
        const tabId = await gmailTab();
        // Not in Gmail: copying is the way, not a failure.
        if (tabId === null) return copiedInstead(options.copyText, share, { copied: LINK_COPIED, notCopied: COPY_IT });
        const [result] = await chrome.scripting.executeScript({
          target: { tabId },
          func: (html: string) => (globalThis as Bridged).__vocalGmail?.insertIntoActiveCompose(html) ?? false,
          args: [shareHtml(share)],
        });
        if (result?.result === true) return { inserted: true };
      } catch (error) {
        console.warn('Vocal could not insert into the active tab', error);
      }
      return copiedInstead(options.copyText, share);
    },
  };
}
