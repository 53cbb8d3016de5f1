/**
 * Puts HTML into a compose body at the person's cursor. Gmail's editor listens to the
 * browser's editing commands (its undo and draft saving follow them), so insertHTML is tried
 * first; a range insertion is the fallback. Answers whether the body really changed.
 */
export function insertHtmlAtCursor(body: HTMLElement, html: string, saved: Range | null): boolean {
  const document = body.ownerDocument;
  const selection = document.getSelection();
  const before = body.innerHTML;
  body.focus();
  const range = saved && body.contains(saved.commonAncestorContainer) ? saved : endOf(body);
  // The message is a paragraph of its own: after text on the cursor's line, it starts a new line.
  if (range.collapsed && textBeforeOnLine(body, range)) html = `<br>${html}`;
  if (selection) {
    selection.removeAllRanges();
    selection.addRange(range);
  }
  let done: boolean;
  try {
    done = typeof document.execCommand === 'function' && document.execCommand('insertHTML', false, html);
  } catch {
    done = false;
  }
  if (!done || body.innerHTML === before) {
    const fragment = range.createContextualFragment(html);
    range.deleteContents();
    range.insertNode(fragment);
    range.collapse(false);
  }
  return body.innerHTML !== before;
}

/** Whether the cursor's line (its block inside the body) has text before the cursor. */
function textBeforeOnLine(body: HTMLElement, range: Range): boolean {
  let block: Node | null = range.startContainer;
  while (block && block !== body && !(block instanceof HTMLElement && /^(DIV|P|LI|BLOCKQUOTE)$/.test(block.tagName))) {
    block = block.parentNode;
  }
  const before = body.ownerDocument.createRange();
  before.setStart(block ?? body, 0);
  before.setEnd(range.startContainer, range.startOffset);
  return before.toString().trim() !== '';
}

/** A collapsed range at the end of the body: where the link goes when the cursor was never in it. */
function endOf(body: HTMLElement): Range {
  const range = body.ownerDocument.createRange();
  range.selectNodeContents(body);
  range.collapse(false);
  return range;
}

/** The selection's range when it is inside `body` (kept as the person moves the cursor), else null. */
export function rangeInside(body: HTMLElement): Range | null {
  const selection = body.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return body.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
}
