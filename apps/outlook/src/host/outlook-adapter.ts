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
import { conversationKeySchema, type ConversationKey, type Tokens } from '@vocal/settings-model';
import { answerRecordWindow, answerSignInWindow, blobToBase64 } from '@vocal/host-shell';
import { officeCall } from './outlook-async.ts';
import { converseWithDialog } from './outlook-dialog-conversation.ts';
import type { OutlookComposeItem, OutlookOffice } from './outlook-office.ts';

/** The taskpane's session, which the record window borrows (it never travels in a URL). */
export type LendableSession = {
  current(): Tokens | null;
  update(tokens: Tokens): void;
};

export type OutlookAdapterOptions = {
  /** Our own origin: dialog messages from any other origin are ignored. */
  origin: string;
  /** Lent to the record window when it asks; without it the window signs in on its own. */
  session?: LendableSession;
};

const SIGN_IN_SIZE = { width: 30, height: 60 };
const RECORD_SIZE = { width: 35, height: 70 };

/** Our one notification on an item: replaced, never added again (Outlook allows five per item). */
export const REPLIES_NOTIFICATION_KEY = 'vocal-replies';
/** Outlook refuses a notification's text past 150 characters. */
const NOTIFICATION_MAX_LENGTH = 150;

function composeItem(office: OutlookOffice): OutlookComposeItem | null {
  return office.context.mailbox?.item ?? null;
}

async function readSubject(office: OutlookOffice): Promise<string | undefined> {
  const subject = composeItem(office)?.subject;
  if (typeof subject === 'string') return subject;
  if (!subject || typeof subject.getAsync !== 'function') return undefined;
  return officeCall<string>(office.AsyncResultStatus.Failed, (callback) => subject.getAsync(callback)).catch(() => undefined);
}

/**
 * The email conversation the item is in, as `outlook:{conversationId}`. Outlook gives none for
 * a new message until it is saved with a subject (null, or undefined in some clients): such a
 * draft names no conversation, and nothing recorded there comes back to a thread.
 */
function readConversation(office: OutlookOffice): ConversationKey | undefined {
  const id = composeItem(office)?.conversationId;
  if (typeof id !== 'string' || !id.trim()) return undefined;
  return conversationKeySchema.safeParse(`outlook:${id.trim()}`).data;
}

/** Plain-text drafts refuse HTML (InvalidDataFormat): they get the text form of the message. */
async function bodyIsText(office: OutlookOffice, item: OutlookComposeItem): Promise<boolean> {
  const getType = item.body?.getTypeAsync;
  if (typeof getType !== 'function') return false;
  const type = await officeCall<Office.CoercionType>(office.AsyncResultStatus.Failed, (callback) =>
    getType.call(item.body, callback),
  ).catch(() => null);
  return type === office.CoercionType.Text;
}

/**
 * Outlook as a host: the link goes into the email being written, at the cursor; the MP3 is
 * attached where Mailbox 1.8 allows; sign-in and recording run in Office dialogs, which are
 * real windows (no third-party cookies, and the microphone where the taskpane has none).
 */
export function createOutlookAdapter(office: OutlookOffice, options: OutlookAdapterOptions): HostAdapter {
  const adapter: HostAdapter = {
    platform: 'outlook',
    // The review step's confirm puts the link into the email: "Send" would promise more.
    sendLabel: 'Add to email',

    async ready(): Promise<HostContext> {
      const context: HostContext = {};
      const email = office.context.mailbox?.userProfile?.emailAddress;
      if (email) context.email = email;
      if (office.context.displayLanguage) context.locale = office.context.displayLanguage;
      const subject = await readSubject(office);
      if (subject?.trim()) context.subject = subject;
      // Read from the item of this moment: a pinned taskpane stays open as the person moves on.
      const conversation = readConversation(office);
      if (conversation) context.conversation = conversation;
      return context;
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      const outcome = await insertAtCursor(office, { html: shareHtml(share), text: shareText(share) });
      if (outcome === 'no-email') return { inserted: false, reason: 'There is no email being written here: copy the link instead.' };
      return outcome;
    },

    replyInsertLabel: 'Add to email',
    replyInsertedHint: 'The reply was added to the email you are writing.',

    /** A reply goes into the email being written, at the cursor, as the message's link does. */
    async insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      const outcome = await insertAtCursor(office, { html: conversationReplyHtml(reply), text: conversationReplyText(reply) });
      if (outcome === 'no-email') {
        return { inserted: false, reason: 'There is no email being written here: copy the reply’s link instead.' };
      }
      if (!outcome.inserted) {
        const why = outcome.reason.replace(/\.$/, '');
        return { inserted: false, reason: `Outlook did not add the reply to the email (${why}): copy its link instead.` };
      }
      return outcome;
    },

    signInWithDialog(signInUrl: string) {
      return converseWithDialog<Tokens>(office, signInUrl, { origin: options.origin, size: SIGN_IN_SIZE, onMessage: answerSignInWindow });
    },

    async recordInWindow(recordUrl: string) {
      // Read now, not when the taskpane opened: the person may have typed the subject since.
      const subject = await readSubject(office);
      const conversation = readConversation(office);
      const session = options.session;
      return converseWithDialog<Share>(office, recordUrl, {
        origin: options.origin,
        size: RECORD_SIZE,
        onMessage: answerRecordWindow({
          lend: () => ({ tokens: session?.current() ?? null, subject, conversation }),
          adopt: (tokens) => session?.update(tokens),
        }),
      });
    },
  };

  // Attaching is a capability only where Mailbox 1.8 is supported; otherwise the flow never offers it.
  if (
    office.context.requirements.isSetSupported('Mailbox', '1.8') &&
    typeof composeItem(office)?.addFileAttachmentFromBase64Async === 'function'
  ) {
    adapter.attachAudio = async ({ blob, name }) => {
      const item = composeItem(office);
      const addAttachment = item?.addFileAttachmentFromBase64Async;
      if (!item || typeof addAttachment !== 'function') throw new Error('There is no email being written to attach the recording to.');
      const base64 = await blobToBase64(blob);
      await officeCall<string>(office.AsyncResultStatus.Failed, (callback) => addAttachment.call(item, base64, name, callback));
    };
  }
  // Outlook's notifications on the item (Mailbox 1.3): an informational one fits news of replies.
  if (typeof composeItem(office)?.notificationMessages?.replaceAsync === 'function') {
    adapter.notify = async (text: string) => {
      const notifications = composeItem(office)?.notificationMessages;
      if (!notifications) throw new Error('There is no email to show the notification on.');
      const message = text.length > NOTIFICATION_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_MAX_LENGTH - 1)}…` : text;
      const details: Office.NotificationMessageDetails = {
        type: office.MailboxEnums.ItemNotificationMessageType.InformationalMessage,
        message,
        // Required for this type; with the unified manifest Outlook shows the first ribbon control's icon whatever it names.
        icon: 'icon-16',
        // News about this conversation: it goes when the person moves to another item.
        persistent: false,
      };
      await officeCall<void>(office.AsyncResultStatus.Failed, (callback) =>
        notifications.replaceAsync(REPLIES_NOTIFICATION_KEY, details, callback),
      );
    };
  }
  return adapter;
}

/**
 * Puts HTML (or, in a plain-text draft, text) at the cursor of the email being written:
 * Office's setSelectedDataAsync, which replaces a selection and writes at the top when the
 * cursor is not in the body. Refusals come back with Outlook's reason.
 */
async function insertAtCursor(office: OutlookOffice, content: { html: string; text: string }): Promise<InsertOutcome | 'no-email'> {
  const item = composeItem(office);
  const body = item?.body;
  if (!item || !body || typeof body.setSelectedDataAsync !== 'function') return 'no-email';
  const asText = await bodyIsText(office, item);
  const data = asText ? content.text : content.html;
  const coercionType = asText ? office.CoercionType.Text : office.CoercionType.Html;
  try {
    await officeCall<void>(office.AsyncResultStatus.Failed, (callback) => body.setSelectedDataAsync(data, { coercionType }, callback));
    return { inserted: true };
  } catch (error) {
    return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
