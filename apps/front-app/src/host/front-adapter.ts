import {
  conversationReplyHtml,
  shareHtml,
  type ConversationReply,
  type HostAdapter,
  type HostContext,
  type InsertOutcome,
  type Share,
} from '@vocal/host-contract';
import { conversationKeySchema, type ConversationKey } from '@vocal/settings-model';
import { latestMessageId } from './front-latest-message.ts';
import { placeOf, teammateEmailOf, type FrontPlace } from './front-place.ts';
import { contextFunction, type FrontContextUpdates, type FrontDraftContent } from './front-sdk.ts';

/** What the person is told when the link cannot go anywhere in Front from where they are. */
export const NOWHERE_TO_INSERT: Record<'several-conversations' | 'unknown', string> = {
  'several-conversations': 'Several conversations are selected: open one to add the link to its reply, or copy the link.',
  unknown: 'Front gives this view no draft to write into: copy the link instead.',
};

/** What the teammate is told when a reply would land in another conversation than the one it answers. */
export const MOVED_ON =
  'Front shows another conversation now, and this reply answers the one you recorded in: open that one again to add it.';

/**
 * The conversation a place is in, as `front:{Front's conversation id}` (cnv_…); none where
 * nothing or several conversations are selected, or for a new message being composed.
 */
export function conversationKeyOf(place: FrontPlace): ConversationKey | undefined {
  const id = place.kind === 'draft' || place.kind === 'conversation' ? place.conversationId : undefined;
  return id ? conversationKeySchema.safeParse(`front:${id}`).data : undefined;
}

/**
 * The latest context Front sent, kept as the SDK handed it: its functions are forwarded to
 * Front, so it is never copied, only read (through zod) and called.
 */
function followContexts(contextUpdates: FrontContextUpdates) {
  let current: object | null = null;
  const waiting: ((context: object) => void)[] = [];
  contextUpdates.subscribe((context) => {
    current = context;
    for (const resolve of waiting.splice(0)) resolve(context);
  });
  return (): Promise<object> => (current ? Promise.resolve(current) : new Promise((resolve) => waiting.push(resolve)));
}

async function writeIntoFront(context: object, place: FrontPlace, content: FrontDraftContent): Promise<InsertOutcome> {
  switch (place.kind) {
    case 'draft': {
      const updateDraft = contextFunction(context, 'updateDraft');
      if (!updateDraft) break;
      await updateDraft(place.draftId, { updateMode: 'insert', content });
      return { inserted: true };
    }
    case 'conversation':
    case 'nothing-selected': {
      const createDraft = contextFunction(context, 'createDraft');
      if (!createDraft) break;
      // A conversation without a draft gets a reply to its latest message; no conversation, a new message.
      const originalMessageId = place.kind === 'conversation' ? await latestMessageId(context) : null;
      await createDraft(originalMessageId ? { content, replyOptions: { type: 'reply', originalMessageId } } : { content });
      return { inserted: true };
    }
    case 'several-conversations':
      return { inserted: false, reason: NOWHERE_TO_INSERT['several-conversations'] };
    case 'unknown':
      break;
  }
  return { inserted: false, reason: NOWHERE_TO_INSERT.unknown };
}

/**
 * Front as a host (a sidebar or composer plugin): the link goes into the draft open in the
 * conversation, at its caret (`updateDraft`, insert mode), or starts a reply draft when there
 * is none (`createDraft` replying to the latest message), as HTML that Front converts to the
 * teammate's composer format. The conversation's subject titles the message.
 */
export function createFrontAdapter(contextUpdates: FrontContextUpdates): HostAdapter {
  const currentContext = followContexts(contextUpdates);
  return {
    platform: 'front-app',
    // The review step's confirm writes into a draft (the open one, or a new reply): "Send" would promise more.
    sendLabel: 'Add to draft',

    async ready(): Promise<HostContext> {
      // Read each time: the person may have opened another conversation since.
      const context = await currentContext();
      const place = placeOf(context);
      const hostContext: HostContext = {};
      const email = teammateEmailOf(context);
      if (email) hostContext.email = email;
      if ((place.kind === 'draft' || place.kind === 'conversation') && place.subject) hostContext.subject = place.subject;
      const conversation = conversationKeyOf(place);
      if (conversation) hostContext.conversation = conversation;
      return hostContext;
    },

    replyInsertLabel: 'Add to draft',
    replyInsertedHint: 'The reply is in this conversation’s draft: nothing is sent until you send it.',

    /**
     * A reply goes where the teammate writes back: into the conversation's draft at its caret,
     * or a new reply to the latest message, as a share does. Front sends a new context when the
     * teammate opens another conversation, and the panel may still show the last one's replies
     * until it asks again (on focus, or every 30 s): a reply listed for one conversation never
     * goes into another's draft.
     */
    async insertReply(reply: ConversationReply): Promise<InsertOutcome> {
      const context = await currentContext();
      const place = placeOf(context);
      if (reply.conversation && conversationKeyOf(place) !== reply.conversation) return { inserted: false, reason: MOVED_ON };
      try {
        const outcome = await writeIntoFront(context, place, { body: conversationReplyHtml(reply), type: 'html' });
        return outcome.inserted ? outcome : { inserted: false, reason: replyNotAdded(undefined) };
      } catch (error) {
        return { inserted: false, reason: replyNotAdded(error instanceof Error ? error.message : String(error)) };
      }
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      const context = await currentContext();
      try {
        return await writeIntoFront(context, placeOf(context), { body: shareHtml(share), type: 'html' });
      } catch (error) {
        // Front answers a refused call with a function_error: its message is the reason.
        return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

const replyNotAdded = (why: string | undefined) =>
  `Front did not add the reply to the draft${why?.trim() ? ` (${why.trim().replace(/\.$/, '')})` : ''}.`;
