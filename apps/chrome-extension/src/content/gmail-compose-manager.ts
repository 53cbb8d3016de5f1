import {
  composeHolding,
  composeSubject,
  composeThreadId,
  findComposeWindows,
  hasButton,
  type ComposeWindow,
} from '../gmail/gmail-selectors.ts';
import { insertHtmlAtCursor, rangeInside } from '../gmail/gmail-insert.ts';
import type { ComposeContext, ComposeRequest, GmailBridge } from '../shared/extension-messages.ts';

/** What the content script draws: a button per compose window, one recorder frame at a time. */
export type ComposeUi = {
  addButton(compose: ComposeWindow, onPress: () => void): void;
  openFrame(compose: ComposeWindow, composeId: string): void;
  closeFrame(): void;
};

const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 16);

/**
 * Keeps track of Gmail's compose windows: gives each the button, remembers where the person's
 * cursor was in each body (the frame takes the focus, the cursor must not be lost), and
 * answers the frames' requests and the popup's injected calls.
 */
export function createComposeManager(document: Document, ui: ComposeUi) {
  const ids = new WeakMap<Element, string>();
  const cursors = new WeakMap<HTMLElement, Range>();
  let lastUsed: ComposeWindow | null = null;

  const idOf = (compose: ComposeWindow) => {
    let id = ids.get(compose.root);
    if (!id) ids.set(compose.root, (id = newId()));
    return id;
  };
  const byId = (composeId: string) => findComposeWindows(document).find((compose) => ids.get(compose.root) === composeId) ?? null;

  function scan() {
    for (const compose of findComposeWindows(document)) {
      if (hasButton(compose)) continue;
      ui.addButton(compose, () => {
        lastUsed = compose;
        ui.openFrame(compose, idOf(compose));
      });
    }
  }

  function rememberCursor() {
    const selection = document.getSelection();
    const compose = composeHolding(document, selection?.anchorNode ?? null);
    if (!compose) return;
    lastUsed = compose;
    const range = rangeInside(compose.body);
    if (range) cursors.set(compose.body, range);
  }

  function insert(compose: ComposeWindow | null, html: string): boolean {
    if (!compose || !compose.body.isConnected) return false;
    try {
      return insertHtmlAtCursor(compose.body, html, cursors.get(compose.body) ?? null);
    } catch (error) {
      console.warn('Vocal could not insert into the compose window', error);
      return false;
    }
  }

  const contextOf = (compose: ComposeWindow | null): ComposeContext =>
    compose ? { subject: composeSubject(compose), thread: composeThreadId(compose) } : { subject: '', thread: null };

  function handle(request: ComposeRequest): unknown {
    const compose = byId(request.composeId);
    switch (request.type) {
      case 'vocal-compose-context':
        return contextOf(compose);
      case 'vocal-compose-insert':
        return { inserted: insert(compose, request.html) };
      case 'vocal-compose-close':
        ui.closeFrame();
        return { closed: true };
    }
  }

  const active = () => (lastUsed?.root.isConnected ? lastUsed : (findComposeWindows(document)[0] ?? null));
  const bridge: GmailBridge = {
    activeContext: () => contextOf(active()),
    insertIntoActiveCompose: (html) => insert(active(), html),
    // The person may have moved to another email since the popup listed the reply: it goes only
    // into a reply in the thread it answers.
    insertIntoActiveReply: (html, thread) => {
      const compose = active();
      return compose !== null && composeThreadId(compose) === thread && insert(compose, html);
    },
  };

  return { scan, rememberCursor, handle, bridge };
}
