import type { FrontContextFunctions, FrontContextUpdates, FrontDraftTemplate, FrontDraftUpdate } from './front-sdk.ts';

export type FakeFrontCall =
  | { name: 'createDraft'; args: [FrontDraftTemplate] }
  | { name: 'updateDraft'; args: [string, FrontDraftUpdate] }
  | { name: 'listMessages'; args: [string | undefined] };

export type FakeMessage = { id: string; date?: string | Date | null } | undefined;

export type FakeFrontOptions = {
  /** The data of the first context (a conversation with no draft by default; null: none yet). */
  context?: Record<string, unknown> | null;
  /** listMessages' pages, first page first. */
  messagePages?: FakeMessage[][];
  /** Makes a function answer with Front's function_error of this message. */
  failing?: Partial<Record<keyof FrontContextFunctions, string>>;
};

const ARITIES = { createDraft: 2, updateDraft: 3, listMessages: 2 };

/** A single conversation (cnv_1 unless named), as Front's context describes one (Plugin SDK "Context"). */
export function conversationContext(conversation: { id?: string; subject?: string; draftId?: string } = {}, id = 'ctx-1') {
  return {
    id,
    type: 'singleConversation',
    teammate: { id: 'tea_1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' },
    functionArities: ARITIES,
    conversation: {
      id: conversation.id ?? 'cnv_1',
      type: 'email',
      status: 'open',
      subject: conversation.subject,
      draftId: conversation.draftId,
    },
  };
}

/**
 * Front's side of the plugin bridge, for unit tests: contexts carry the functions their
 * `functionArities` name, every call is recorded, and a created reply draft becomes the
 * conversation's draft in a new context, as Front does.
 */
export function createFakeFront(options: FakeFrontOptions = {}) {
  const calls: FakeFrontCall[] = [];
  const listeners = new Set<(context: object) => void>();
  let current: object | null = null;
  let drafts = 0;

  const refuse = (name: keyof FrontContextFunctions) => {
    const message = options.failing?.[name];
    if (message) throw new Error(message);
  };

  function withFunctions(data: Record<string, unknown>): object {
    const functions: FrontContextFunctions = {
      async createDraft(template) {
        calls.push({ name: 'createDraft', args: [template] });
        refuse('createDraft');
        const draftId = `dra_${++drafts}`;
        const conversation = data.conversation as Record<string, unknown> | undefined;
        if (conversation) emit({ ...data, id: `${String(data.id)}+`, conversation: { ...conversation, draftId } });
        return { id: draftId, content: template.content };
      },
      async updateDraft(draftId, update) {
        calls.push({ name: 'updateDraft', args: [draftId, update] });
        refuse('updateDraft');
      },
      async listMessages(token) {
        calls.push({ name: 'listMessages', args: [token] });
        refuse('listMessages');
        const pages = options.messagePages ?? [[{ id: 'msg_1', date: '2025-01-01T10:00:00Z' }]];
        const index = token ? Number(token) : 0;
        return { results: pages[index] ?? [], nextPageToken: index + 1 < pages.length ? String(index + 1) : undefined };
      },
    };
    const arities = (data.functionArities ?? {}) as Record<string, number>;
    const offered = Object.fromEntries(Object.entries(functions).filter(([name]) => Number.isInteger(arities[name])));
    return { ...data, ...offered };
  }

  function emit(data: Record<string, unknown>) {
    const context = withFunctions(data);
    current = context;
    for (const listener of listeners) listener(context);
  }

  const contextUpdates: FrontContextUpdates = {
    subscribe(next) {
      listeners.add(next);
      // The SDK replays the latest context to a new subscriber.
      if (current) next(current);
      return { unsubscribe: () => listeners.delete(next) };
    },
  };

  if (options.context !== null) emit(options.context ?? conversationContext());
  return {
    contextUpdates,
    calls,
    /** Front sends a new context (the person selected something else). */
    emit,
    /** Every HTML body given to createDraft or updateDraft, oldest first. */
    bodies: () =>
      calls.flatMap((call) => {
        if (call.name === 'createDraft') return [call.args[0].content.body];
        if (call.name === 'updateDraft') return [call.args[1].content.body];
        return [];
      }),
  };
}
