import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { clockReaches } from './record-until.ts';

export type ColorScheme = 'light' | 'dark';

/** Takes the screenshot named `name` (the colour scheme is added to the file's name). */
export type Shoot = (name: string) => Promise<void>;

/**
 * A host app's screenshot script (`pnpm screenshots`): starts what the host's pages need once,
 * runs `scenes` in light and then in dark, and stops it all whatever happens. PNGs go to the
 * app's `screenshots/` (ignored by git), named `<name>-<scheme>.png`, to be looked at after a
 * change to its pages. What each host shows and how its pages settle are the script's.
 */
export async function takeScreenshots<Setup extends { stop(): Promise<void> }>(options: {
  /** The script's own folder (`import.meta.dirname`, in the app's scripts/). */
  scriptDir: string;
  start(): Promise<Setup>;
  /** One colour scheme's screenshots; `pathOf(name)` is where the PNG named `name` goes. */
  scenes(setup: Setup, colorScheme: ColorScheme, pathOf: (name: string) => string): Promise<void>;
}): Promise<void> {
  const folder = join(options.scriptDir, '..', 'screenshots');
  await mkdir(folder, { recursive: true });
  const setup = await options.start();
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await options.scenes(setup, colorScheme, (name) => join(folder, `${name}-${colorScheme}.png`));
    }
    process.stdout.write(`Screenshots in ${folder}\n`);
  } finally {
    await setup.stop();
  }
}

/** Waits for the fonts of `settled` (the page, or the host frame our panel runs in), so a screenshot shows the page as it settles. */
export async function fontsSettled(settled: Page | Frame): Promise<void> {
  // A string, evaluated in the page: this package is typed for Node, without the DOM's names.
  await settled.evaluate('document.fonts.ready.then(() => undefined)');
}

/**
 * The record flow every host panel shows, a screenshot at each step: `idle`, `recording` (at
 * 0:02), `review`, then the host's send button and `sent` once `sentText` shows. `names` renames
 * the steps where a host's files are named otherwise.
 */
export async function shootRecordFlow(
  panel: Page | Frame | FrameLocator,
  shoot: Shoot,
  options: { sendLabel: string; sentText: string; names?: Partial<Record<'idle' | 'recording' | 'review' | 'sent', string>> },
): Promise<void> {
  const name = (step: 'idle' | 'recording' | 'review' | 'sent') => options.names?.[step] ?? step;
  await panel.getByRole('button', { name: 'Start recording' }).waitFor();
  await shoot(name('idle'));
  await panel.getByRole('button', { name: 'Start recording' }).click();
  await clockReaches(panel, 2);
  await shoot(name('recording'));
  await panel.getByRole('button', { name: 'Stop recording' }).click();
  await panel.getByRole('button', { name: options.sendLabel }).waitFor();
  await shoot(name('review'));
  await panel.getByRole('button', { name: options.sendLabel }).click();
  await panel.getByText(options.sentText, { exact: true }).waitFor();
  await shoot(name('sent'));
}

/** The refusal every host panel explains, with Record in a new window offered: the state its screenshot shows. */
export async function showMicrophoneRefused(panel: Page | Frame | FrameLocator): Promise<Locator> {
  await panel.getByRole('button', { name: 'Start recording' }).click();
  const recordElsewhere = panel.getByRole('button', { name: 'Record in a new window' });
  await recordElsewhere.waitFor();
  return recordElsewhere;
}
