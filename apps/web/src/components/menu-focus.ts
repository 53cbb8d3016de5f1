/**
 * The menu pattern's moving keys: ↓ and ↑ go to the next and previous item, wrapping round,
 * Home and End to the first and last. Answers whether `key` was one of them (the caller then
 * prevents its default, so the page does not scroll).
 */
export function moveMenuFocus(key: string, items: HTMLElement[]): boolean {
  const at = items.indexOf(document.activeElement as HTMLElement);
  const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
  const target = moves[key];
  if (target === undefined) return false;
  items[(target + items.length) % items.length]?.focus();
  return true;
}
