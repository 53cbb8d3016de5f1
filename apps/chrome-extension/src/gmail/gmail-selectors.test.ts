import { beforeEach, describe, expect, it } from 'vitest';
import {
  BUTTON_CELL_CLASS,
  composeHolding,
  composeSubject,
  composeThreadId,
  findComposeWindows,
  hasButton,
  sendCell,
} from './gmail-selectors.ts';
import { insertHtmlAtCursor, rangeInside } from './gmail-insert.ts';

import { withGmailFixture } from './fixtures/gmail-fixture.ts';

/** The saved compose markup as the page's document. */
const loadFixture = withGmailFixture();

const byTest = (name: string) => document.querySelector(`[data-test="${name}"]`)!;

describe('the Gmail selectors against saved compose markup', () => {
  beforeEach(loadFixture);

  it('finds each compose window once, the inline reply and the new message, and not the search box', () => {
    const windows = findComposeWindows(document);
    expect(windows).toHaveLength(2);
    expect(windows.map((compose) => compose.root.closest('[data-test]')?.getAttribute('data-test'))).toEqual([
      'inline-reply',
      'new-message',
    ]);
    for (const compose of windows) {
      expect(compose.body.getAttribute('contenteditable')).toBe('true');
      expect(compose.root.contains(compose.toolbar)).toBe(true);
      expect(compose.body.closest('[role="search"]')).toBeNull();
    }
  });

  it('reads the subject, a visible field in a new message and a hidden one in a reply, whatever the language', () => {
    const [reply, message] = findComposeWindows(document);
    expect(composeSubject(reply!)).toBe('Re: Budget du trimestre');
    expect(composeSubject(message!)).toBe('Budget & plans <Q3>');
  });

  it('knows the thread a reply is written in by the open thread’s subject, and none for a new message over it', () => {
    const [reply, message] = findComposeWindows(document);
    expect(composeThreadId(reply!)).toBe('18b7c5d2e4f60a11');
    // The new message floats over the open thread: it is not in it.
    expect(composeThreadId(message!)).toBeNull();
  });

  it('prefers the thread id in the compose form’s own field: a reply popped out of its thread keeps it', () => {
    const [reply, message] = findComposeWindows(document);
    const field = (compose: Element, value: string) =>
      compose.querySelector('form')!.insertAdjacentHTML('beforeend', `<input type="hidden" name="lts" value="${value}">`);
    field(message!.root, '18C0FFEE12345678');
    expect(composeThreadId(message!)).toBe('18c0ffee12345678');
    // An empty or odd field says nothing: the open thread's subject still does for an inline reply.
    field(reply!.root, 'undefined');
    expect(composeThreadId(reply!)).toBe('18b7c5d2e4f60a11');
  });

  it('tells the reply’s own thread from a thread Gmail keeps hidden in the page', () => {
    const thread = document.querySelector('[role="main"]')!;
    // A thread opened before, kept beside this one as Gmail does.
    const earlier = thread.cloneNode(true) as Element;
    earlier.querySelector('h2')!.setAttribute('data-legacy-thread-id', '18a0000000000001');
    earlier.setAttribute('hidden', '');
    const pane = document.createElement('div');
    thread.replaceWith(pane);
    pane.append(earlier, thread);
    const [hidden, shown] = findComposeWindows(document);
    expect([composeThreadId(hidden!), composeThreadId(shown!)]).toEqual(['18a0000000000001', '18b7c5d2e4f60a11']);
  });

  it('names no thread where it cannot tell which, or where the id does not read as one', () => {
    // A reply beside two threads' subjects, in neither.
    document.body.innerHTML = `<h2 data-legacy-thread-id="18a0000000000001">A</h2><h2 data-legacy-thread-id="18a0000000000002">B</h2>
      <div class="M9"><div g_editable="true" contenteditable="true" role="textbox"></div><table><tbody><tr class="btC"><td></td></tr></tbody></table></div>`;
    expect(composeThreadId(findComposeWindows(document)[0]!)).toBeNull();
    loadFixture();
    document.querySelector('h2.hP')!.setAttribute('data-legacy-thread-id', 'x" onclick="y');
    expect(composeThreadId(findComposeWindows(document)[0]!)).toBeNull();
  });

  it('puts the button beside Send, and knows a window that has it', () => {
    const [, message] = findComposeWindows(document);
    const cell = sendCell(message!);
    expect(cell?.querySelector('[role="button"]')?.id).toBe(':qq');
    expect(hasButton(message!)).toBe(false);
    const ours = document.createElement('td');
    ours.className = BUTTON_CELL_CLASS;
    cell!.after(ours);
    expect(hasButton(message!)).toBe(true);
    expect(hasButton(findComposeWindows(document)[0]!)).toBe(false);
  });

  it('tells which compose window holds a node (the button pressed, the cursor)', () => {
    const message = byTest('new-message');
    const node = message.querySelector('[aria-label^="Options"]');
    expect(composeHolding(document, node)?.root).toBe(message);
    expect(composeHolding(document, document.querySelector('.hP'))).toBeNull();
    expect(composeHolding(document, null)).toBeNull();
  });

  it('finds a compose window whose containers Gmail renamed, by the one toolbar around its body', () => {
    document.body.innerHTML = `<section><div><div g_editable="true" contenteditable="true" role="textbox"></div></div>
      <table><tbody><tr class="btC"><td>Send</td></tr></tbody></table></section>`;
    const [compose] = findComposeWindows(document);
    expect(compose?.root.tagName).toBe('SECTION');
  });

  it('finds nothing on a page without a compose window, or where a body has no toolbar of its own', () => {
    document.body.innerHTML = '<div contenteditable="true"></div>';
    expect(findComposeWindows(document)).toEqual([]);
    document.body.innerHTML = `<div><div g_editable="true" contenteditable="true" role="textbox"></div>
      <table><tr class="btC"><td></td></tr></table><table><tr class="btC"><td></td></tr></table></div>`;
    expect(findComposeWindows(document)).toEqual([]);
  });
});

describe('inserting into a compose body', () => {
  beforeEach(loadFixture);

  it('inserts at the cursor the person left in the body, on a line of its own', () => {
    const [, message] = findComposeWindows(document);
    const body = message!.body;
    const greeting = body.firstChild!.firstChild!; // "Bonjour Alex,"
    const range = document.createRange();
    range.setStart(greeting, 'Bonjour'.length);
    range.collapse(true);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const saved = rangeInside(body);
    expect(saved).not.toBeNull();
    expect(insertHtmlAtCursor(body, '<a href="https://vocal.example/listen/x">link</a>', saved)).toBe(true);
    // After text on the cursor's line, the message starts a line of its own.
    expect(body.firstElementChild!.innerHTML).toBe('Bonjour<br><a href="https://vocal.example/listen/x">link</a> Alex,');
  });

  it('inserts at the end when the cursor was never in the body, or is in another one', () => {
    const [reply, message] = findComposeWindows(document);
    const elsewhere = document.createRange();
    elsewhere.selectNodeContents(reply!.body);
    expect(insertHtmlAtCursor(message!.body, '<p>Voice</p>', elsewhere)).toBe(true);
    expect(message!.body.lastElementChild!.outerHTML).toBe('<p>Voice</p>');
    expect(reply!.body.innerHTML).toBe('<br>');
    expect(rangeInside(reply!.body)).toBeNull();
  });
});
