/**
 * Every piece of Gmail's page the extension relies on, in one place. Gmail's markup is
 * undocumented, obfuscated and localised, and it changes: when it does, this module and its
 * fixture (fixtures/gmail-compose.html, saved compose markup) are what change. Nothing here
 * reads a label's words (they are in the person's language); only Gmail's attributes and the
 * class names it has kept for years.
 */

/** The compose body: Gmail marks its editors with g_editable, and they are textboxes. */
export const COMPOSE_BODY = 'div[g_editable="true"][contenteditable="true"][role="textbox"]';
/** The row of the compose window's bottom toolbar, Send in its first cell. */
export const TOOLBAR_ROW = 'tr.btC';
/** The subject field (a hidden input in an inline reply). */
export const SUBJECT = 'input[name="subjectbox"]';
/** What holds one compose window: the popup dialog, or the inline reply's block. */
const COMPOSE_CONTAINERS = ['div[role="dialog"]', '.M9', '.aoI'];
/**
 * A reply's compose form keeps its thread's id in a hidden field (InboxSDK's compose view reads
 * the same one); a new message's is empty.
 */
export const COMPOSE_THREAD_ID = 'input[name="lts"]';
/**
 * The open thread's subject carries its ids: data-legacy-thread-id is the hexadecimal id the
 * Gmail API calls the thread's id, and the compose field holds. Beside it, data-thread-perm-id
 * ("thread-f:…") is Gmail's newer internal id, which InboxSDK maps to this one by asking Gmail.
 */
export const THREAD_SUBJECT = 'h2[data-legacy-thread-id]';
/** What a Gmail thread id looks like: hexadecimal, as the Gmail API and Gmail's own links write it. */
const THREAD_ID = /^[0-9a-f]{8,32}$/i;
/** Marks a compose window the extension has given its button. */
export const BUTTON_CELL_CLASS = 'vocal-compose-cell';

export type ComposeWindow = {
  /** The element that holds the whole compose window. */
  root: Element;
  /** The editable body the link goes into. */
  body: HTMLElement;
  /** The bottom toolbar's row, where the button goes. */
  toolbar: HTMLTableRowElement;
};

/** The compose window a body belongs to: the nearest ancestor that also holds the toolbar row. */
function composeOf(body: HTMLElement): ComposeWindow | null {
  for (const selector of COMPOSE_CONTAINERS) {
    const root = body.closest(selector);
    const toolbar = root?.querySelector<HTMLTableRowElement>(TOOLBAR_ROW);
    if (root && toolbar) return { root, body, toolbar };
  }
  // A layout without the known containers: climb until an ancestor holds exactly one toolbar.
  for (let node = body.parentElement; node; node = node.parentElement) {
    const toolbars = node.querySelectorAll<HTMLTableRowElement>(TOOLBAR_ROW);
    if (toolbars.length === 1) return { root: node, body, toolbar: toolbars[0]! };
    if (toolbars.length > 1) return null;
  }
  return null;
}

/** Every open compose window under `root` (new messages, replies, forwards). */
export function findComposeWindows(root: ParentNode): ComposeWindow[] {
  const found: ComposeWindow[] = [];
  for (const body of root.querySelectorAll<HTMLElement>(COMPOSE_BODY)) {
    const compose = composeOf(body);
    if (compose && !found.some((other) => other.root === compose.root)) found.push(compose);
  }
  return found;
}

/** The compose window's subject, trimmed; empty when it has none yet. */
export function composeSubject(compose: ComposeWindow): string {
  return compose.root.querySelector<HTMLInputElement>(SUBJECT)?.value.trim() ?? '';
}

/**
 * The id of the thread a compose window replies in, or null for a new message. The form's own
 * field first (a reply popped out of its thread still has it); else, for a reply written under
 * the open thread, that thread's subject. Gmail keeps threads opened before in the page, hidden:
 * the nearest ancestor holding exactly one subject is this reply's thread. Never for a compose
 * popup without the field: it floats over whatever thread is open, and is a new message.
 * Gmail's URL is not read: it names the view and, in today's Gmail, an opaque token, not the id.
 */
export function composeThreadId(compose: ComposeWindow): string | null {
  const field = compose.root.querySelector<HTMLInputElement>(COMPOSE_THREAD_ID)?.value.trim() ?? '';
  if (THREAD_ID.test(field)) return field.toLowerCase();
  if (compose.root.closest('[role="dialog"]')) return null;
  for (let node = compose.root.parentElement; node; node = node.parentElement) {
    const subjects = node.querySelectorAll(THREAD_SUBJECT);
    if (subjects.length > 1) return null;
    const id = subjects[0]?.getAttribute('data-legacy-thread-id')?.trim() ?? '';
    if (subjects.length === 1) return THREAD_ID.test(id) ? id.toLowerCase() : null;
  }
  return null;
}

/** The cell the button goes in: after Send's own cell, so it sits beside Send as Gmail's own tools do. */
export function sendCell(compose: ComposeWindow): HTMLTableCellElement | null {
  return compose.toolbar.querySelector<HTMLTableCellElement>(':scope > td');
}

/** Whether this compose window already has the extension's button. */
export const hasButton = (compose: ComposeWindow) => compose.toolbar.querySelector(`.${BUTTON_CELL_CLASS}`) !== null;

/** The compose window whose body or toolbar holds `node` (the focused one, the one last clicked). */
export function composeHolding(root: ParentNode, node: Node | null): ComposeWindow | null {
  if (!node) return null;
  return findComposeWindows(root).find((compose) => compose.root.contains(node)) ?? null;
}
