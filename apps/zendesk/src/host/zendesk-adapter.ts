import {
  conversationReplyHtml,
  type ConversationReply,
  type HostAdapter,
  type HostContext,
  type InsertOutcome,
  type Share,
} from '@vocal/host-contract';
import { conversationKeySchema } from '@vocal/settings-model';
import { idProperty, invokeResultSchema, metadataSchema, textProperty, type ZafClient } from './zaf-client.ts';
import { replyHtml, ticketTitle } from './zendesk-reply.ts';

/** The action that adds HTML to the ticket's reply being written (Support API, ticket sidebar). */
export const APPEND_HTML = 'ticket.comment.appendHtml';

/** The reply editor's kind (Support API's ticket comment): an internal note is for agents only. */
export const COMMENT_TYPE = 'ticket.comment.type';

/** The action that shows a notice in Zendesk's own notification area (all locations). */
export const NOTIFY = 'notify';

/** What the sidebar reads of the ticket on each start: the title's parts and where it is. */
const TICKET_PATHS = ['ticket.subject', 'ticket.requester.name', 'ticket.id', 'currentAccount.subdomain'];

/** The app's setting (manifest `parameters`) that adds the message's card under the link. */
export const PREVIEW_SETTING = 'preview_image';

/** A checkbox setting arrives as a boolean; older installations stored it as text. */
const isOn = (value: unknown) => value === true || value === 'true';

/**
 * Zendesk Support's ticket sidebar as a host: the link goes into the reply being written
 * (`ticket.comment.appendHtml`), titled from the ticket. Signing in and recording in a window
 * are not Zendesk's to offer: the app adds them with our own popups (withPopupWindows).
 */
export function createZendeskAdapter(client: ZafClient): HostAdapter {
  // The agent and the installation's settings do not change while the sidebar is open.
  let agent: Promise<HostContext> | null = null;
  const readAgent = () =>
    (agent ??= client.get(['currentUser.email', 'currentUser.locale']).then(
      (result) => {
        const context: HostContext = {};
        const email = textProperty(result, 'currentUser.email');
        const locale = textProperty(result, 'currentUser.locale');
        if (email) context.email = email;
        if (locale) context.locale = locale;
        return context;
      },
      () => ({}),
    ));
  let settings: Promise<Record<string, unknown>> | null = null;
  const readSettings = () =>
    (settings ??= client.metadata().then(
      (metadata): Record<string, unknown> => metadataSchema.safeParse(metadata).data?.settings ?? {},
      (): Record<string, unknown> => ({}),
    ));

  return {
    platform: 'zendesk',
    // The review step's confirm puts the link into the reply: "Send" would promise more.
    sendLabel: 'Add to reply',

    async ready(): Promise<HostContext> {
      // Asked on every start: the agent may have changed the subject since the sidebar opened.
      const [ticket, context] = await Promise.all([client.get(TICKET_PATHS).catch(() => null), readAgent()]);
      const subject = ticketTitle(textProperty(ticket, 'ticket.subject'), textProperty(ticket, 'ticket.requester.name'));
      // A saved ticket on an account: `zendesk:{subdomain}/{ticket id}` (a new ticket has no id yet).
      const id = idProperty(ticket, 'ticket.id');
      const subdomain = textProperty(ticket, 'currentAccount.subdomain');
      const conversation = id && subdomain ? conversationKeySchema.safeParse(`zendesk:${subdomain}/${id}`).data : undefined;
      return { ...context, ...(subject ? { subject } : {}), ...(conversation ? { conversation } : {}) };
    },

    replyInsertLabel: 'Add as internal note',
    replyInsertedHint: 'The reply is in the ticket’s editor as an internal note: submit it to keep it on the ticket.',

    /**
     * A reply goes on the ticket for agents only: the editor switches to an internal note and
     * the reply is appended there, for the agent to submit (the customer never sees it).
     */
    async insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      try {
        const typed = invokeResultSchema.safeParse(await client.set(COMMENT_TYPE, 'internalNote'));
        const typeError = typed.data?.errors?.[COMMENT_TYPE];
        if (typeError) return { inserted: false, reason: noteNotAdded(typeError.message) };
        const result = invokeResultSchema.safeParse(await client.invoke(APPEND_HTML, conversationReplyHtml(reply)));
        const error = result.data?.errors?.[APPEND_HTML];
        if (error) return { inserted: false, reason: noteNotAdded(error.message) };
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: noteNotAdded(error instanceof Error ? error.message : String(error)) };
      }
    },

    async notify(text: string): Promise<void> {
      await client.invoke(NOTIFY, text, 'notice');
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      const preview = isOn((await readSettings())[PREVIEW_SETTING]);
      try {
        const result = invokeResultSchema.safeParse(await client.invoke(APPEND_HTML, replyHtml(share, { preview })));
        const error = result.data?.errors?.[APPEND_HTML];
        if (error) return { inserted: false, reason: notAdded(error.message) };
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: notAdded(error instanceof Error ? error.message : String(error)) };
      }
    },
  };
}

const notAdded = (why: string | undefined) =>
  `Zendesk did not add the link to the reply${why ? ` (${why.replace(/\.$/, '')})` : ''}: copy it instead.`;

const noteNotAdded = (why: string | undefined) =>
  `Zendesk did not add the reply as an internal note${why ? ` (${why.replace(/\.$/, '')})` : ''}: copy its link instead.`;
