import type { Platform } from '@vocal/settings-model';
import type { AudioAttachment, ConversationReply, HostAdapter, HostContext, InsertOutcome, Share } from './host-adapter.ts';

export type FakeHostCall =
  | { name: 'ready' }
  | { name: 'insertShare'; share: Share }
  | { name: 'attachAudio'; attachment: AudioAttachment }
  | { name: 'signInWithDialog'; url: string }
  | { name: 'recordInWindow'; url: string }
  | { name: 'playForEveryone'; share: Share }
  | { name: 'insertReply'; reply: ConversationReply }
  | { name: 'notify'; text: string };

export type FakeHostOptions = {
  platform?: Platform;
  context?: HostContext;
  /**
   * Which optional capabilities this fake has: all the email hosts' by default; playForEveryone
   * (a meeting's shared stage) only when asked for.
   */
  capabilities?: {
    attachAudio?: boolean;
    signInWithDialog?: boolean;
    recordInWindow?: boolean;
    playForEveryone?: boolean;
    insertReply?: boolean;
    notify?: boolean;
  };
  /** What the sign-in dialog hands back. */
  dialogTokens?: { accessToken: string; refreshToken: string } | null;
  /** What the recording window hands back. */
  windowShare?: Share | null;
  /** Makes insertShare report that it could not insert. */
  refuseInsert?: string;
  /** Makes playForEveryone report that the host refused. */
  refusePlay?: string;
};

/**
 * A host that records every call, for the record flow's tests and the contract suite's own
 * test. `inserted` holds what a user would see in their draft.
 */
export function createFakeHostAdapter(options: FakeHostOptions = {}) {
  const calls: FakeHostCall[] = [];
  const inserted: Share[] = [];
  const insertedReplies: ConversationReply[] = [];
  const capabilities = {
    attachAudio: true,
    signInWithDialog: true,
    recordInWindow: true,
    playForEveryone: false,
    insertReply: false,
    notify: false,
    ...options.capabilities,
  };

  const adapter: HostAdapter = {
    platform: options.platform ?? 'webapp',
    async ready() {
      calls.push({ name: 'ready' });
      return options.context ?? {};
    },
    async insertShare(share): Promise<InsertOutcome> {
      calls.push({ name: 'insertShare', share });
      if (options.refuseInsert) return { inserted: false, reason: options.refuseInsert };
      inserted.push(share);
      return { inserted: true };
    },
  };
  if (capabilities.attachAudio) {
    adapter.attachAudio = async (attachment) => {
      calls.push({ name: 'attachAudio', attachment });
    };
  }
  if (capabilities.signInWithDialog) {
    adapter.signInWithDialog = async (url) => {
      calls.push({ name: 'signInWithDialog', url });
      return options.dialogTokens ?? null;
    };
  }
  if (capabilities.recordInWindow) {
    adapter.recordInWindow = async (url) => {
      calls.push({ name: 'recordInWindow', url });
      return options.windowShare ?? null;
    };
  }
  if (capabilities.playForEveryone) {
    adapter.playForEveryone = async (share): Promise<InsertOutcome> => {
      calls.push({ name: 'playForEveryone', share });
      return options.refusePlay ? { inserted: false, reason: options.refusePlay } : { inserted: true };
    };
  }
  if (capabilities.insertReply) {
    adapter.insertReply = async (reply): Promise<InsertOutcome> => {
      calls.push({ name: 'insertReply', reply });
      if (options.refuseInsert) return { inserted: false, reason: options.refuseInsert };
      insertedReplies.push(reply);
      return { inserted: true };
    };
  }
  if (capabilities.notify) {
    adapter.notify = async (text) => {
      calls.push({ name: 'notify', text });
    };
  }
  return { adapter, calls, inserted, insertedReplies };
}
