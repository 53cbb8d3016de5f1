// Plays Front's side of the plugin bridge in the harness page (Plugin SDK 1.x, as its source
// shows it): the plugin's frame posts the handshake string with a MessagePort; Front answers
// on that port with context_update messages, and each function_call with a function_result.
// Every call is recorded in window.__frontCalls for the test to assert.
(() => {
  const HANDSHAKE = '@frontapp/ui-sdk#WebViewBridge.handshake';
  const config = window.__frontHarnessConfig;
  const frame = document.getElementById('plugin');
  const calls = [];
  let port = null;
  let context = config.context;
  let drafts = 0;

  const send = (message) => port?.postMessage(message);
  const sendContext = () => send({ type: 'context_update', context: { ...context, functionArities: config.functionArities } });

  function answer(call) {
    switch (call.name) {
      case 'createDraft': {
        const draftId = `dra_${++drafts}`;
        // Front then shows the new reply in the conversation: the next context names it.
        if (context.conversation) {
          context = { ...context, id: `${context.id}+`, conversation: { ...context.conversation, draftId } };
          queueMicrotask(sendContext);
        }
        return { id: draftId, subject: undefined, content: call.args[0]?.content };
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
      send({ type: 'function_result', id: call.id, value: answer(call) });
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
