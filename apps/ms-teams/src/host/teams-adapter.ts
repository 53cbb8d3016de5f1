import {
  conversationReplyLabel,
  type ConversationReply,
  type HostAdapter,
  type HostContext,
  type InsertOutcome,
  type Share,
} from '@vocal/host-contract';
import { parseWindowToOpenerMessage } from '@vocal/host-shell';
import { conversationKeySchema, type ConversationKey, type Tokens } from '@vocal/settings-model';
import {
  TEAMS_CANCELLED,
  TEAMS_USER_ABORT,
  TEAMS_WINDOW_FAILED,
  type TeamsContext,
  type TeamsTabSdk,
  type TeamsUrlContent,
} from './teams-sdk.ts';

export type TeamsAdapterOptions = {
  /**
   * Records in a browser window of ours (for a tab Teams gives no microphone) and resolves
   * with the message made there; without it the flow offers no window.
   */
  recordInWindow?(recordUrl: string): Promise<Share | null>;
};

/** The sign-in window's size, in pixels (Teams centres it over the client). */
const SIGN_IN_WINDOW = { width: 480, height: 640 };

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+$/.test(text);

/** The tokens in what the sign-in window passed to notifySuccess (the shared window's signed-in message), or null. */
function tokensFrom(result: string): Tokens | null {
  try {
    const message = parseWindowToOpenerMessage(JSON.parse(result));
    return message?.type === 'signed-in' ? message.tokens : null;
  } catch {
    return null;
  }
}

/**
 * The share box's message is text typed into Teams' rich compose box. Nothing there is meant
 * as markup, so angle brackets become look-alike quotation marks: the words stay readable and
 * no editor can take them for a tag.
 */
export function plainMessage(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** The link for Teams' share box: the signature message as the compose text, and a preview card. */
export function shareContent(share: Share): TeamsUrlContent {
  return { type: 'URL', url: share.url, ...(share.message ? { message: plainMessage(share.message) } : {}), preview: true };
}

/**
 * A reply for Teams' share box: who answered and their words as the compose text (plain, as
 * the signature is), and its listen link with a preview card to hear it.
 */
export function replyContent(reply: ConversationReply): TeamsUrlContent {
  const words = reply.text?.trim();
  const message = words ? `${conversationReplyLabel(reply)}: “${words}”` : conversationReplyLabel(reply);
  return { type: 'URL', url: reply.url, message: plainMessage(message), preview: true };
}

/**
 * The chat or channel the tab is in, as `ms-teams:{Teams' id}` (decision 0078). A tab lives in
 * one of them (should Teams name both, the chat is the narrower place); the personal tab is in
 * neither, so it names no conversation.
 */
export function teamsConversation(teams: TeamsContext): ConversationKey | undefined {
  const id = teams.chatId?.trim() || teams.channelId?.trim();
  return id ? conversationKeySchema.safeParse(`ms-teams:${id}`).data : undefined;
}

function errorCode(error: unknown): number | null {
  if (error && typeof error === 'object' && 'errorCode' in error && typeof error.errorCode === 'number') return error.errorCode;
  return null;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

/** Why Teams' share box did not take something ("the link", "the reply"), and what to do instead. */
type ShareRefusals = { unsupported: string; aborted: string; failed(why: string): string };

/**
 * Teams as a host: the finished message goes into Teams' own share box (the person picks the
 * chat or channel), sign-in runs in the window Teams opens for authenticate(), and recording
 * moves to a window of ours when the tab has no microphone. A chat or channel tab is a
 * conversation: replies to what was recorded there come back to it, and go to the share box too.
 */
export function createTeamsAdapter(sdk: TeamsTabSdk, options: TeamsAdapterOptions = {}): HostAdapter {
  /** Opens Teams' share box with `content`; it answers once the person has shared or closed it. */
  async function shareInTeams(content: TeamsUrlContent, refusals: ShareRefusals): Promise<InsertOutcome> {
    if (!sdk.shareSupported()) return { inserted: false, reason: refusals.unsupported };
    try {
      await sdk.shareWebContent({ content: [content] });
      return { inserted: true };
    } catch (error) {
      if (errorCode(error) === TEAMS_USER_ABORT) return { inserted: false, reason: refusals.aborted };
      return { inserted: false, reason: refusals.failed(errorText(error)) };
    }
  }

  const adapter: HostAdapter = {
    platform: 'ms-teams',
    sendLabel: 'Share in Teams',
    insertedHint: 'The link went to Teams’ share box.',

    async ready(): Promise<HostContext> {
      const teams = await sdk.getContext().catch(() => null);
      const context: HostContext = {};
      if (teams?.loginHint && looksLikeEmail(teams.loginHint)) context.email = teams.loginHint;
      if (teams?.locale) context.locale = teams.locale;
      // A tab stays in its chat or channel: the app does not opt into Teams' app caching, the
      // one way Teams would show the same page in another.
      const conversation = teams ? teamsConversation(teams) : undefined;
      if (conversation) context.conversation = conversation;
      return context;
    },

    insertShare(share: Share): Promise<InsertOutcome> {
      return shareInTeams(shareContent(share), {
        unsupported: 'This Teams client cannot share from an app: copy the link and paste it into a chat.',
        aborted: 'The share box was closed before sharing: copy the link, or share it again.',
        failed: (why) => `Teams could not share the link (${why}): copy it instead.`,
      });
    },

    // Teams' own name for its share box; a tab cannot write into the chat's compose box itself.
    replyInsertLabel: 'Share to Teams',
    replyInsertedHint: 'The reply went to Teams’ share box, with its link to hear it.',

    insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      // The card offers no link of its own beside this action: a refusal hands it over to copy.
      return shareInTeams(replyContent(reply), {
        unsupported: `This Teams client cannot share from an app. Copy this link: ${reply.url}`,
        aborted: 'The share box was closed before sharing: share the reply again when you are ready.',
        failed: (why) => `Teams could not share the reply (${why}). Copy this link: ${reply.url}`,
      });
    },

    async signInWithDialog(signInUrl: string): Promise<Tokens | null> {
      let result: string;
      try {
        result = await sdk.authenticate({ url: signInUrl, ...SIGN_IN_WINDOW });
      } catch (error) {
        const reason = errorText(error);
        if (reason === TEAMS_CANCELLED) return null;
        if (reason === TEAMS_WINDOW_FAILED) throw new Error('Teams refused to open it.', { cause: error });
        throw new Error(`Teams said: ${reason}.`, { cause: error });
      }
      const tokens = tokensFrom(result);
      if (!tokens) throw new Error('It answered something that is not a session.');
      return tokens;
    },
  };
  if (options.recordInWindow) adapter.recordInWindow = options.recordInWindow;
  return adapter;
}
