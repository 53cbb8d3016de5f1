import type { Frame, FrameLocator, Page } from 'playwright-core';

/**
 * Records in the record flow (a page, a host's frame) until its clock shows `seconds` (a state,
 * not a fixed wait), stops, and waits for the review step. Answers the wall-clock length, for
 * tests that compare it with what was made of the take.
 */
export async function recordUntil(place: Page | Frame | FrameLocator, seconds: number): Promise<number> {
  await place.getByRole('button', { name: 'Start recording' }).click();
  const stop = place.getByRole('button', { name: 'Stop recording' });
  await stop.waitFor();
  const started = Date.now();
  const clock = `0:${String(seconds).padStart(2, '0')}`;
  // The guard only stops a hang: a slow machine's clock still reaches `seconds`.
  await place.locator('.vk-record-flow__elapsed', { hasText: clock }).waitFor({ timeout: 120_000 + seconds * 1000 });
  await stop.click();
  const recorded = (Date.now() - started) / 1000;
  await place.getByText('Listen before you send').waitFor();
  return recorded;
}
