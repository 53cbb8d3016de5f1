import { afterEach, describe, expect, it } from 'vitest';
import { moveMenuFocus } from './menu-focus.ts';

function menuOf(count: number): HTMLButtonElement[] {
  return Array.from({ length: count }, (_, index) => {
    const item = document.createElement('button');
    item.textContent = `Item ${index}`;
    document.body.append(item);
    return item;
  });
}

describe('moveMenuFocus', () => {
  afterEach(() => document.body.replaceChildren());

  it('moves down and up, wrapping round at either end', () => {
    const items = menuOf(3);
    items[0]!.focus();
    expect(moveMenuFocus('ArrowDown', items)).toBe(true);
    expect(document.activeElement).toBe(items[1]);
    items[2]!.focus();
    moveMenuFocus('ArrowDown', items);
    expect(document.activeElement).toBe(items[0]);
    moveMenuFocus('ArrowUp', items);
    expect(document.activeElement).toBe(items[2]);
  });

  it('goes to the first and last with Home and End', () => {
    const items = menuOf(4);
    items[1]!.focus();
    moveMenuFocus('End', items);
    expect(document.activeElement).toBe(items[3]);
    moveMenuFocus('Home', items);
    expect(document.activeElement).toBe(items[0]);
  });

  it('leaves other keys, and the focus, alone', () => {
    const items = menuOf(2);
    items[1]!.focus();
    for (const key of ['Escape', 'Tab', 'Enter', 'a']) expect(moveMenuFocus(key, items)).toBe(false);
    expect(document.activeElement).toBe(items[1]);
  });
});
