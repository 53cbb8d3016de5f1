/*
 * Plays the Teams web client around the app, in the harness page (see teams-harness.ts): it
 * speaks teams-js's postMessage protocol to the tab's frame and to the sign-in windows it
 * opens for authenticate(), and records every call in window.__teamsCalls for the test.
 * Requests arrive as {id, uuid, func, args}; answers go back as {id, uuid, args}; Teams'
 * own events (Save on a configuration page) go to the frame as {func, args}.
 */
(() => {
  const config = JSON.parse(document.getElementById('teams-config').textContent);
  const frame = document.getElementById('teams-app');
  const runtime = { apiVersion: 4, supports: { app: {}, pages: { config: {} }, sharing: {} } };
  /** Sign-in windows still open, each with the tab's authenticate() request it answers. */
  const authWindows = new Map();
  window.__teamsCalls = [];

  const answer = (target, origin, request, args) => target.postMessage({ id: request.id, uuid: request.uuid, args }, origin);

  function finishAuthentication(popup, args) {
    const pending = authWindows.get(popup);
    if (!pending) return;
    authWindows.delete(popup);
    answer(pending.source, pending.origin, pending.request, args);
  }

  /**
   * Teams' share box as the person sees it once it opens: the compose box holding the app's
   * message, and the link under it as a preview. The person's pick of a chat or channel, and
   * their Share, are not played: the call is answered at once.
   */
  function showShareBox(request) {
    const [content] = request.content;
    const box = document.getElementById('teams-share');
    box.querySelector('.teams-share__compose').textContent = content.message ?? '';
    const preview = box.querySelector('.teams-share__preview');
    preview.href = content.url;
    preview.textContent = content.url;
    box.hidden = false;
  }

  window.addEventListener('message', (event) => {
    const request = event.data;
    if (!request || typeof request !== 'object' || typeof request.func !== 'string') return;
    const fromTab = event.source === frame.contentWindow;
    if (!fromTab && !authWindows.has(event.source)) return;
    const reply = (args) => answer(event.source, event.origin, request, args);
    const frameContext = fromTab ? config.frameContext : 'authentication';
    window.__teamsCalls.push({ from: fromTab ? 'tab' : 'auth-window', func: request.func, args: request.args ?? [] });

    switch (request.func) {
      case 'initialize':
        reply([frameContext, config.context.hostClientType, JSON.stringify(runtime), config.sdkVersion]);
        break;
      case 'getContext':
        reply([{ ...config.context, frameContext }]);
        break;
      case 'sharing.shareWebContent':
        if (!config.shareError) showShareBox(request.args[0]);
        reply([config.shareError ?? null]);
        break;
      case 'executeDeepLink':
        // app.openLink: Teams takes a web address to the browser (the test plays the browser, from window.__teamsCalls).
        reply([true]);
        break;
      case 'settings.setSettings':
        reply([true]);
        break;
      case 'authentication.getAuthToken':
        reply(config.authToken.token ? [true, config.authToken.token] : [false, config.authToken.failure]);
        break;
      case 'authentication.authenticate': {
        const [url, width, height] = request.args;
        const popup = window.open(url, '_blank', `popup,width=${width},height=${height}`);
        if (!popup) reply([false, 'FailedToOpenWindow']);
        else authWindows.set(popup, { source: event.source, origin: event.origin, request });
        break;
      }
      case 'authentication.authenticate.success':
        finishAuthentication(event.source, [true, request.args[0]]);
        break;
      case 'authentication.authenticate.failure':
        finishAuthentication(event.source, [false, request.args[0]]);
        break;
      default:
        // One-way notices (registerHandler, settings.setValidityState, settings.save.success, ...): recorded only.
        break;
    }
  });

  // A window the person closes without finishing is a cancelled sign-in, as Teams reports it.
  setInterval(() => {
    for (const popup of authWindows.keys()) if (popup.closed) finishAuthentication(popup, [false, 'CancelledByUser']);
  }, 100);

  /** The person switches Teams' theme ('default', 'dark', 'contrast'). */
  window.__teamsTheme = (theme) => frame.contentWindow.postMessage({ func: 'themeChange', args: [theme] }, new URL(frame.src).origin);

  /** Teams' Save button under a configuration page. */
  window.__teamsSave = () => frame.contentWindow.postMessage({ func: 'settings.save', args: [{}] }, new URL(frame.src).origin);
})();
