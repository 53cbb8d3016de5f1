import type { ConversationKey, Platform, ShareAccent } from '@vocal/settings-model';

/** What the host tells the flow once it is ready; every field is optional. */
export type HostContext = {
  /** The signed-in user's address in the host, to prefill sign-in. */
  email?: string;
  locale?: string;
  /** The subject of the email, ticket or document being written, used as the message subject. */
  subject?: string;
  /**
   * The ticket, conversation, thread or chat the panel is open beside, as
   * `{host}:{id}` (settings-model's conversationKeySchema): a message recorded here keeps it,
   * and the panel lists the replies to such messages. Absent where the host names none (a new
   * email not yet in a thread, a document).
   */
  conversation?: ConversationKey;
};

/** A listener's answer to a message recorded in this conversation, to be put into it. */
export type ConversationReply = {
  /** A voice reply (its listen link) or a written comment (the link of the message it is under). */
  kind: 'voice' | 'written';
  /** The sender's name as they gave it, or "Someone". */
  from: string;
  /** A voice reply's transcript, or the comment; null while a voice reply has no transcript. */
  text: string | null;
  url: string;
  /**
   * The conversation the panel listed it for: a host whose panel follows the person elsewhere
   * (Front) puts it nowhere else. Absent where the panel names none.
   */
  conversation?: ConversationKey;
};

/** A finished message, ready to be put where the user is working. */
export type Share = {
  id: string;
  /** The listen link. */
  url: string;
  /** The subject, or 'Listen to my voice message'. */
  title: string;
  /** The signature message to go with the link (null when the signature is off). */
  message: string | null;
  /** The waveform image's public URL, for hosts that render a preview. */
  imageUrl: string;
  durationSeconds: number;
  /**
   * The colours of the link's button in the inserted HTML, from the signature's theme
   * (settings-model's signatureAccent); null draws a plain link.
   */
  accent: ShareAccent | null;
};

/** What insertShare did: inserted where the user works, or handed to the user to paste. */
export type InsertOutcome = { inserted: true } | { inserted: false; reason: string };

export type AudioAttachment = { blob: Blob; name: string };

/**
 * The one seam between the shared record flow and a host (DESIGN.md). The flow asks the
 * adapter, never the host, and branches on whether an optional capability exists, never on
 * which host it is.
 */
export interface HostAdapter {
  readonly platform: Platform;
  /**
   * The word on the review step's confirm button where the host does more than hand out a
   * link ("Send" where the message goes to someone or into an email); "Get link" without it.
   */
  readonly sendLabel?: string;
  /**
   * What the last step says once insertShare has put the link in ("The link went to Teams’
   * share box."); "The link was added where you are writing." without it.
   */
  readonly insertedHint?: string;
  /** The words on a reply's insert button ("Add as internal note"); "Add to conversation" without it. */
  readonly replyInsertLabel?: string;
  /** What the panel says once insertReply put a reply in; "The reply was added to the conversation." without it. */
  readonly replyInsertedHint?: string;
  /** Resolves once the host is initialised. */
  ready(): Promise<HostContext>;
  /** Puts the finished message where the user is working. */
  insertShare(share: Share): Promise<InsertOutcome>;

  /** Attaches the MP3 itself (hosts with attachments: email clients). */
  attachAudio?(attachment: AudioAttachment): Promise<void>;
  /**
   * Signs in through the host's own dialog (no third-party cookies inside the host's frame):
   * opens `signInUrl` and resolves with the tokens the page hands back, or null if closed.
   */
  signInWithDialog?(signInUrl: string): Promise<{ accessToken: string; refreshToken: string } | null>;
  /**
   * Records in a separate window when the host blocks the microphone: opens `recordUrl`,
   * resolves with the share made there, or null if the user closed it.
   */
  recordInWindow?(recordUrl: string): Promise<Share | null>;
  /**
   * Plays the finished message for everyone the person is with (a meeting's shared stage:
   * Google Meet's main stage). Resolves with what happened; a refusal is an outcome, not a throw.
   */
  playForEveryone?(share: Share): Promise<InsertOutcome>;
  /**
   * Puts a reply that came back to this conversation into it, the host's own way (an internal
   * note, the draft, the reply being written). Without it the panel offers the reply's link to copy.
   */
  insertReply?(reply: ConversationReply): Promise<InsertOutcome>;
  /**
   * Tells the person something through the host's own notification surface (Zendesk's
   * notices), for news that arrives while they look elsewhere: new replies. The panel shows it
   * too; a host without one leaves this out.
   */
  notify?(text: string): Promise<void>;
}

/** The optional capabilities, by name, for UIs that list what a host can do. */
export const OPTIONAL_CAPABILITIES = [
  'attachAudio',
  'signInWithDialog',
  'recordInWindow',
  'playForEveryone',
  'insertReply',
  'notify',
] as const;
export type OptionalCapability = (typeof OPTIONAL_CAPABILITIES)[number];

export function hasCapability<K extends OptionalCapability>(
  adapter: HostAdapter,
  capability: K,
): adapter is HostAdapter & Required<Pick<HostAdapter, K>> {
  return typeof adapter[capability] === 'function';
}
