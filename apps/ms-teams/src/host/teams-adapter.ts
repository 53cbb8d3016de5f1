import type { HostAdapter, HostContext, InsertOutcome, Share } from '@vocal/host-contract';
import { parseWindowToOpenerMessage } from '@vocal/host-shell';
import type { Tokens } from '@vocal/settings-model';
import { TEAMS_CANCELLED, TEAMS_USER_ABORT, TEAMS_WINDOW_FAILED, type TeamsTabSdk, type TeamsUrlContent } from './teams-sdk.ts';

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

function errorCode(error: unknown): number | null {
  if (error && typeof error === 'object' && 'errorCode' in error && typeof error.errorCode === 'number') return error.errorCode;
  return null;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

/**
 * Teams as a host: the finished message goes into Teams' own share box (the person picks the
 * chat or channel), sign-in runs in the window Teams opens for authenticate(), and recording
 * moves to a window of ours when the tab has no microphone.
 */
export function createTeamsAdapter(sdk: TeamsTabSdk, options: TeamsAdapterOptions = {}): HostAdapter {
  const adapter: HostAdapter = {
    platform: 'ms-teams',
    sendLabel: 'Share in Teams',
    insertedHint: 'The link went to Teams’ share box.',

    async ready(): Promise<HostContext> {
      const teams = await sdk.getContext().catch(() => null);
      const context: HostContext = {};
      if (teams?.loginHint && looksLikeEmail(teams.loginHint)) context.email = teams.loginHint;
      if (teams?.locale) context.locale = teams.locale;
      return context;
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      if (!sdk.shareSupported()) {
        return { inserted: false, reason: 'This Teams client cannot share from an app: copy the link and paste it into a chat.' };
      }
      try {
        await sdk.shareWebContent({ content: [shareContent(share)] });
        return { inserted: true };
      } catch (error) {
        if (errorCode(error) === TEAMS_USER_ABORT) {
          return { inserted: false, reason: 'The share box was closed before sharing: copy the link, or share it again.' };
        }
        return { inserted: false, reason: `Teams could not share the link (${errorText(error)}): copy it instead.` };
      }
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
