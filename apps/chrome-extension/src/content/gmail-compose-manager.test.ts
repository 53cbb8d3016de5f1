import { beforeEach, describe, expect, it } from 'vitest';
import { BUTTON_CELL_CLASS, type ComposeWindow } from '../gmail/gmail-selectors.ts';
import { createComposeManager, type ComposeUi } from './gmail-compose-manager.ts';

import { withGmailFixture } from '../gmail/fixtures/gmail-fixture.ts';

const loadFixture = withGmailFixture();

/** A UI that records what the manager asks of it; a button is a cell with a press function. */
function fakeUi() {
  const presses: (() => void)[] = [];
  const opened: { compose: ComposeWindow; composeId: string }[] = [];
  let closed = 0;
  const ui: ComposeUi = {
    addButton(compose, onPress) {
      const cell = document.createElement('td');
      cell.className = BUTTON_CELL_CLASS;
      compose.toolbar.append(cell);
      presses.push(onPress);
    },
    openFrame: (compose, composeId) => void opened.push({ compose, composeId }),
    closeFrame: () => void closed++,
  };
  return { ui, presses, opened, closed: () => closed };
}

const placeCursor = (node: Node, offset: number) => {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
};

describe('the content script’s compose windows', () => {
  beforeEach(() => {
    loadFixture();
  });

  it('gives each compose window one button, also after Gmail redraws', () => {
    const { ui, presses } = fakeUi();
    const manager = createComposeManager(document, ui);
    manager.scan();
    manager.scan();
    expect(presses).toHaveLength(2);
    expect(document.querySelectorAll(`.${BUTTON_CELL_CLASS}`)).toHaveLength(2);
  });

  it('opens the recorder for the window pressed, and answers its frame: the subject, the insert at the cursor, close', async () => {
    const { ui, presses, opened, closed } = fakeUi();
    const manager = createComposeManager(document, ui);
    manager.scan();
    const message = document.querySelector('[data-test="new-message"] [g_editable]') as HTMLElement;
    placeCursor(message.lastChild!.firstChild!, 0); // before "À bientôt"
    manager.rememberCursor();
    // The frame takes the focus and the selection with it: the cursor must be remembered.
    document.getSelection()!.removeAllRanges();
    presses[1]!();
    const { composeId } = opened[0]!;
    expect(composeId).toMatch(/^[a-z0-9]{16}$/);
    // A new message: no thread.
    expect(manager.handle({ type: 'vocal-compose-context', composeId })).toEqual({ subject: 'Budget & plans <Q3>', thread: null });
    expect(manager.handle({ type: 'vocal-compose-insert', composeId, html: '<a href="https://v.example/l">Listen</a>' })).toEqual({
      inserted: true,
    });
    expect(message.lastElementChild!.innerHTML).toBe('<a href="https://v.example/l">Listen</a>À bientôt');
    manager.handle({ type: 'vocal-compose-close', composeId });
    expect(closed()).toBe(1);
  });

  it('refuses to insert into a compose window that is gone, or one it never named, and names no thread for it', () => {
    const { ui, presses, opened } = fakeUi();
    const manager = createComposeManager(document, ui);
    manager.scan();
    presses[0]!();
    const { composeId } = opened[0]!;
    // The inline reply is in the open thread.
    expect(manager.handle({ type: 'vocal-compose-context', composeId })).toEqual({
      subject: 'Re: Budget du trimestre',
      thread: '18b7c5d2e4f60a11',
    });
    document.querySelector('[data-test="inline-reply"]')!.remove();
    expect(manager.handle({ type: 'vocal-compose-context', composeId })).toEqual({ subject: '', thread: null });
    expect(manager.handle({ type: 'vocal-compose-insert', composeId, html: '<p>x</p>' })).toEqual({ inserted: false });
    expect(manager.handle({ type: 'vocal-compose-insert', composeId: 'zzzzzzzzzzzz', html: '<p>x</p>' })).toEqual({ inserted: false });
    expect(manager.handle({ type: 'vocal-compose-context', composeId: 'zzzzzzzzzzzz' })).toEqual({ subject: '', thread: null });
  });

  it('offers the popup the compose window the person last worked in', () => {
    const manager = createComposeManager(document, fakeUi().ui);
    manager.scan();
    const reply = document.querySelector('[data-test="inline-reply"] [g_editable]') as HTMLElement;
    placeCursor(reply, 0);
    manager.rememberCursor();
    expect(manager.bridge.activeContext()).toEqual({ subject: 'Re: Budget du trimestre', thread: '18b7c5d2e4f60a11' });
    expect(manager.bridge.insertIntoActiveCompose('<p>Voice</p>')).toBe(true);
    expect(reply.innerHTML).toContain('<p>Voice</p>');
  });

  it('puts a reply into the compose window last worked in only while it replies in that reply’s thread', () => {
    const manager = createComposeManager(document, fakeUi().ui);
    manager.scan();
    const reply = document.querySelector('[data-test="inline-reply"] [g_editable]') as HTMLElement;
    const message = document.querySelector('[data-test="new-message"] [g_editable]') as HTMLElement;
    placeCursor(reply, 0);
    manager.rememberCursor();
    expect(manager.bridge.insertIntoActiveReply('<p>Reply</p>', '18a0000000000001')).toBe(false);
    expect(manager.bridge.insertIntoActiveReply('<p>Reply</p>', '18b7c5d2e4f60a11')).toBe(true);
    expect(reply.innerHTML).toContain('<p>Reply</p>');
    // The person moved on to the new message: it is in no thread.
    placeCursor(message.firstChild!.firstChild!, 0);
    manager.rememberCursor();
    expect(manager.bridge.activeContext()).toEqual({ subject: 'Budget & plans <Q3>', thread: null });
    expect(manager.bridge.insertIntoActiveReply('<p>Again</p>', '18b7c5d2e4f60a11')).toBe(false);
    expect(message.innerHTML).not.toContain('Again');
  });

  it('with no compose window open, has nothing to offer and inserts nothing', () => {
    document.body.innerHTML = '<div>Inbox</div>';
    const manager = createComposeManager(document, fakeUi().ui);
    expect(manager.bridge.activeContext()).toEqual({ subject: '', thread: null });
    expect(manager.bridge.insertIntoActiveCompose('<p>Voice</p>')).toBe(false);
    expect(manager.bridge.insertIntoActiveReply('<p>Voice</p>', '18b7c5d2e4f60a11')).toBe(false);
  });
});
