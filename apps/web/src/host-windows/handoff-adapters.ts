import { z } from 'zod';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter, InsertOutcome, Share } from '@vocal/host-contract';
import { conversationKeySchema, RECORDING_HANDOFF_ALREADY_DELIVERED, type Platform } from '@vocal/settings-model';

/** The calls a handoff page makes: sharing one of my messages to the add-on's code. */
export type HandoffCalls = Pick<ApiClient, 'shareToRecordingHandoff'>;

/**
 * Hands a finished message to the add-on that opened the page (the Gmail card or the Docs
 * sidebar) through its one-time code; the add-on claims it with the secret only it holds.
 * A code that expired or was used leaves the link on screen to copy instead.
 */
async function shareThroughHandoff(api: HandoffCalls, handoffId: string, share: Share, where: string): Promise<InsertOutcome> {
  const result = await api.shareToRecordingHandoff(handoffId, share.id);
  if (result.ok) return { inserted: true };
  if (result.status === 409)
    return { inserted: false, reason: `${RECORDING_HANDOFF_ALREADY_DELIVERED} Copy this link into ${where} instead.` };
  if (result.status === 404) {
    return { inserted: false, reason: `This recording link has expired (they last 30 minutes). Copy this link into ${where} instead.` };
  }
  return { inserted: false, reason: `${result.error.msg} Copy this link into ${where} instead.` };
}

/** /record/gmail/:id: the Gmail card's recorder, on the phone. */
export function createGmailHandoffAdapter(api: HandoffCalls, handoffId: string): HostAdapter {
  const platform: Platform = 'mobile';
  return {
    platform,
    sendLabel: 'Add to email',
    insertedHint: 'Close this window, then tap Insert in Vocal’s card: the link goes into your email.',
    ready: async () => ({}),
    insertShare: (share) => shareThroughHandoff(api, handoffId, share, 'your email'),
  };
}

/**
 * /record/handoff/:id: the page a host panel opens in the browser (Front's openUrl, Teams'
 * openLink on a phone, a tab the person opens from Meet or Zoho Mail) when its own frame cannot
 * record or keep a window of ours talking to it. The panel claims the message with its secret.
 */
export function createPanelHandoffAdapter(
  api: HandoffCalls,
  handoffId: string,
  panel: { platform: Platform; name: string; sendLabel: string },
  /** The subject the panel was writing (its address's ?subject=), to title the message. */
  subject?: string,
  /** The panel's conversation (its address's ?conversation=), to file the message there; one that is not a key is left out. */
  conversation?: string,
): HostAdapter {
  const filedIn = conversationKeySchema.safeParse(conversation).data;
  return {
    platform: panel.platform,
    sendLabel: panel.sendLabel,
    insertedHint: `The link is on its way to ${panel.name}: go back there, it arrives in a moment. You can close this tab.`,
    ready: async () => ({
      ...(subject?.trim() ? { subject: subject.trim().slice(0, 200) } : {}),
      ...(filedIn ? { conversation: filedIn } : {}),
    }),
    insertShare: (share) => shareThroughHandoff(api, handoffId, share, panel.name),
  };
}

/** What the Docs sidebar tells our page: the code for the next message, once one went in. */
export const sidebarMessageSchema = z.object({ type: z.literal('vocal:handoff'), id: z.string().regex(/^[A-Za-z0-9_-]{22,128}$/) });

/** What our page tells the sidebar: a message was shared through code `id`, claim it now. */
export type SharedNotice = { type: 'vocal:handoff-shared'; id: string };

/**
 * /record/google-workspace: the Docs sidebar's recorder. It shares through the sidebar's
 * current code, then tells the sidebar (its parent, Google's HtmlService frame) to claim it
 * at once; the sidebar answers with a new code for the next message (`useHandoff`).
 */
export function createGoogleDocsHandoffAdapter(
  api: HandoffCalls,
  handoff: { current(): string; tellSidebar(notice: SharedNotice): void },
): HostAdapter {
  return {
    platform: 'google-docs',
    sendLabel: 'Add to document',
    insertedHint: 'The link goes into your document at the cursor.',
    ready: async () => ({}),
    async insertShare(share) {
      const id = handoff.current();
      const outcome = await shareThroughHandoff(api, id, share, 'your document');
      if (outcome.inserted) handoff.tellSidebar({ type: 'vocal:handoff-shared', id });
      return outcome;
    },
  };
}
