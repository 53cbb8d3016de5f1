// Plays Front's side of the plugin bridge in the harness page (Plugin SDK 1.x, as its source
// shows it): the plugin's frame posts the handshake string with a MessagePort; Front answers
// on that port with context_update messages, and each function_call with a function_result
// (or a function_error, the SDK's rejection). Every call is recorded in window.__frontCalls for
// the test to assert.
//
// Drafts are kept per conversation, as Front keeps them: the selected conversation's draft is
// shown beside the plugin (#draft), every context names it (conversation.draftId), createDraft
// opens one and updateDraft inserts into it (at its end: the caret of a draft nobody typed in).
(() => {
  const HANDSHAKE = '@frontapp/ui-sdk#WebViewBridge.handshake';
  const config = window.__frontHarnessConfig;
  const frame = document.getElementById('plugin');
  const draftView = document.getElementById('draft');
  const calls = [];
  /** Draft id -> { conversationId, html }. */
  const drafts = new Map();
  let port = null;
  let context = config.context;
  let draftCount = 0;

  const send = (message) => port?.postMessage(message);
  const conversationDraft = (conversationId) => [...drafts].find(([, draft]) => draft.conversationId === conversationId)?.[0];

  /** The context as Front sends it: with the draft the conversation has, and the functions offered. */
  function contextAsSent() {
    const conversation = context.conversation;
    if (!conversation) return { ...context, functionArities: config.functionArities };
    const draftId = conversation.draftId ?? conversationDraft(conversation.id);
    return { ...context, conversation: { ...conversation, draftId }, functionArities: config.functionArities };
  }

  function showDraft() {
    const conversation = context.conversation;
    const draftId = conversation && (conversation.draftId ?? conversationDraft(conversation.id));
    const draft = draftId ? drafts.get(draftId) : undefined;
    draftView.hidden = !draft;
    draftView.dataset.draftId = draftId ?? '';
    draftView.querySelector('.body').innerHTML = draft ? draft.html : '';
  }

  function sendContext() {
    // A draft a context names (one the teammate opened in Front) exists from then on.
    const named = context.conversation?.draftId;
    if (named && !drafts.has(named)) drafts.set(named, { conversationId: context.conversation.id, html: '' });
    showDraft();
    send({ type: 'context_update', context: contextAsSent() });
  }

  function answer(call) {
    switch (call.name) {
      case 'createDraft': {
        const draftId = `dra_${++draftCount}`;
        const template = call.args[0] ?? {};
        drafts.set(draftId, { conversationId: context.conversation?.id ?? null, html: template.content?.body ?? '' });
        // Front then shows the new reply in the conversation: the next context names it.
        if (context.conversation) {
          context = { ...context, id: `${context.id}+`, conversation: { ...context.conversation, draftId } };
          queueMicrotask(sendContext);
        }
        return { id: draftId, subject: undefined, content: template.content };
      }
      case 'updateDraft': {
        const [draftId, update] = call.args;
        const draft = drafts.get(draftId);
        if (!draft) throw new Error(`Draft ${draftId} not found`);
        const body = update?.content?.body ?? '';
        draft.html = update?.updateMode === 'replace' ? body : draft.html + body;
        showDraft();
        return undefined;
      }
      case 'listMessages':
        return { results: config.messages.map((message) => ({ ...message, date: new Date(message.date) })), nextPageToken: undefined };
      default:
        return undefined;
    }
  }

  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.data !== HANDSHAKE || !event.ports[0]) return;
    port = event.ports[0];
    port.onmessage = (message) => {
      const call = message.data;
      if (call?.type !== 'function_call') return;
      calls.push({ name: call.name, args: call.args, contextId: call.contextId });
      try {
        send({ type: 'function_result', id: call.id, value: answer(call) });
      } catch (error) {
        send({ type: 'function_error', id: call.id, error: error.message });
      }
    };
    sendContext();
  });

  window.__frontCalls = calls;
  window.__front = {
    /** The person selects something else in Front. */
    setContext(next) {
      context = next;
      sendContext();
    },
  };
})();
