import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

let axeSource: Promise<string> | undefined;

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

/**
 * What the callbacks below use of the page's globals, spelled out: they run in the browser, but
 * this package is also type-checked without the DOM library (through apps/api's tests).
 */
type PageGlobals = {
  document: { getAnimations(): { effect: { getComputedTiming(): { endTime?: number | string } } | null; finished: Promise<unknown> }[] };
  axe: { run(context?: unknown, options?: unknown): Promise<AxeResult> };
};

/**
 * Runs axe-core in the page (or a host's frame holding our app) once it has settled and answers each violation as "rule: the elements",
 * so a failure names what to fix. Empty when the page has none. `tags` runs only the rules with
 * those tags (e.g. `['wcag2a', 'wcag2aa', 'best-practice']`); without, axe's defaults.
 */
export async function axeViolations(page: Page | Frame, tags?: string[]): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // A dialog fading in has its text at part opacity: axe would judge a contrast no one sees
  // once it settles.
  await animationsSettled(page);
  // Once per document: a test checks the same page in several themes and sizes, and each
  // injection is 550 KB of script for the page to compile.
  if (!(await page.evaluate(() => typeof (globalThis as unknown as Partial<PageGlobals>).axe?.run === 'function'))) {
    await page.evaluate(await axeSource);
  }
  return page.evaluate(async (only) => {
    const axe = (globalThis as unknown as PageGlobals).axe;
    const root = (globalThis as unknown as PageGlobals).document;
    // Only the violations are reported: axe then skips describing every passing node (its
    // documented performance option; the list of violations is complete either way). It
    // halved a run's time on a settings page.
    const resultTypes = ['violations'];
    const result = await axe.run(root, only ? { runOnly: { type: 'tag', values: only }, resultTypes } : { resultTypes });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, tags ?? null);
}

/**
 * Waits until the page's finite animations and transitions have finished; endless ones (a
 * recording's pulse) are the page at rest. What a test measures or judges is then the page as it
 * settles: a dialog rising in is still scaled down (its rows a fraction of a pixel short of
 * their 44-px height) for as long as the browser takes to play it.
 */
export async function animationsSettled(page: Page | Frame): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as PageGlobals).document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
