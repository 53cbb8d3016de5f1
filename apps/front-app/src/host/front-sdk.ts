/**
 * The part of Front's Plugin SDK (`@frontapp/plugin-sdk` 1.x) this app uses, typed here so the
 * adapter can be handed a fake. A context arrives through `contextUpdates` each time the person
 * selects something else; it holds data, and one function per name in its `functionArities`,
 * which the SDK forwards to Front over the MessagePort of its handshake.
 */
export type FrontContextUpdates = {
  subscribe(next: (context: object) => void): { unsubscribe(): void };
};

/** Draft content as Front's createDraft and updateDraft take it. */
export type FrontDraftContent = { body: string; type: 'html' | 'text' };

/** createDraft's template (the fields used here). */
export type FrontDraftTemplate = {
  content: FrontDraftContent;
  replyOptions?: { type: 'reply' | 'replyAll' | 'forward'; originalMessageId: string };
};

/** updateDraft's update (the fields used here): 'insert' puts the content at the draft's caret. */
export type FrontDraftUpdate = { updateMode: 'insert' | 'replace'; content: FrontDraftContent };

/** The context functions called, by name, with the arguments Front documents (the cancel token left out). */
export type FrontContextFunctions = {
  createDraft(template: FrontDraftTemplate): Promise<unknown>;
  updateDraft(draftId: string, update: FrontDraftUpdate): Promise<unknown>;
  listMessages(paginationToken?: string): Promise<unknown>;
};

/**
 * A context function, or null where this context has none (Front only offers a function on
 * the context types that support it: listMessages needs a conversation, for one).
 */
export function contextFunction<K extends keyof FrontContextFunctions>(context: object, name: K): FrontContextFunctions[K] | null {
  const value: unknown = (context as Record<string, unknown>)[name];
  return typeof value === 'function' ? (value as FrontContextFunctions[K]) : null;
}
