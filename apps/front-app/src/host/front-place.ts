import { z } from 'zod';

/**
 * Where the person is in Front, as far as a voice message is concerned: a draft open (the
 * link goes in at its caret), one conversation without a draft (the link starts a reply to
 * its latest message), nothing selected (a new message), or several conversations (nowhere).
 */
export type FrontPlace =
  | { kind: 'draft'; draftId: string; subject?: string; conversationId?: string }
  | { kind: 'conversation'; conversationId: string; subject?: string }
  | { kind: 'nothing-selected' }
  | { kind: 'several-conversations' }
  | { kind: 'unknown'; type: string };

// Front's context arrives from its frame by postMessage: only the fields read here are parsed,
// each optional where Front documents it so (Plugin SDK 1.x, "Context" and "Conversation").
const optionalText = z
  .string()
  .nullish()
  .transform((text) => (text?.trim() ? text : undefined));
const conversationSchema = z.object({ id: z.string().min(1), subject: optionalText, draftId: optionalText });

const contextSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['singleConversation', 'singleConversationPopover']), conversation: conversationSchema }),
  z.object({
    type: z.literal('messageComposer'),
    draft: z.object({ id: z.string().min(1), subject: optionalText }).nullish(),
    conversation: conversationSchema.nullish(),
  }),
  z.object({ type: z.literal('noConversationPopover'), draftId: optionalText }),
  z.object({ type: z.literal('noConversation') }),
  z.object({ type: z.literal('multiConversations') }),
]);

const teammateSchema = z.object({ teammate: z.object({ email: z.email() }) });

/** The place a Front context describes; a context this code does not know is 'unknown', never an error. */
export function placeOf(context: unknown): FrontPlace {
  const parsed = contextSchema.safeParse(context);
  if (!parsed.success) {
    const type = z.object({ type: z.string() }).safeParse(context);
    return { kind: 'unknown', type: type.success ? type.data.type : 'missing' };
  }
  const value = parsed.data;
  switch (value.type) {
    case 'singleConversation':
    case 'singleConversationPopover': {
      const { id, subject, draftId } = value.conversation;
      return draftId
        ? withSubject({ kind: 'draft', draftId, conversationId: id }, subject)
        : withSubject({ kind: 'conversation', conversationId: id }, subject);
    }
    case 'messageComposer': {
      const subject = value.draft?.subject ?? value.conversation?.subject;
      // A reply being composed belongs to its conversation; a new message has none yet.
      if (value.draft) {
        const conversationId = value.conversation?.id;
        return withSubject({ kind: 'draft', draftId: value.draft.id, ...(conversationId ? { conversationId } : {}) }, subject);
      }
      if (value.conversation) return withSubject({ kind: 'conversation', conversationId: value.conversation.id }, subject);
      return { kind: 'nothing-selected' };
    }
    case 'noConversationPopover':
      return value.draftId ? { kind: 'draft', draftId: value.draftId } : { kind: 'nothing-selected' };
    case 'noConversation':
      return { kind: 'nothing-selected' };
    case 'multiConversations':
      return { kind: 'several-conversations' };
  }
}

function withSubject<T extends FrontPlace>(place: T, subject: string | undefined): T {
  return subject ? { ...place, subject } : place;
}

/** The signed-in teammate's address, when Front gives one. */
export function teammateEmailOf(context: unknown): string | undefined {
  const parsed = teammateSchema.safeParse(context);
  return parsed.success ? parsed.data.teammate.email : undefined;
}
