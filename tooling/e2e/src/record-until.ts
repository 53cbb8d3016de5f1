import type { Frame, FrameLocator, Page } from 'playwright-core';

/**
 * Records in the record flow (a page, a host's frame) until its clock shows `seconds` (a state,
 * not a fixed wait), stops, and waits for the review step. Answers the wall-clock length, for
 * tests that compare it with what was made of the take.
 */
export async function recordUntil(place: Page | Frame | FrameLocator, seconds: number): Promise<number> {
  // Timed from before Start is pressed to after Stop: an outer bound on the take, whatever the
  // load (timed from when the test saw Stop, a loaded page had been recording a while already).
  const started = Date.now();
  await place.getByRole('button', { name: 'Start recording' }).click();
  const stop = place.getByRole('button', { name: 'Stop recording' });
  await withWhatTheFlowSays(place, 'Start recording never became Stop recording', () => stop.waitFor());
  const clock = `0:${String(seconds).padStart(2, '0')}`;
  // The guard only stops a hang: a slow machine's clock still reaches `seconds`.
  await withWhatTheFlowSays(place, `The recorder's clock never reached ${clock}`, () => clockReaches(place, seconds));
  await stop.click();
  const recorded = (Date.now() - started) / 1000;
  await place.getByText('Listen before you send').waitFor();
  return recorded;
}

/**
 * Waits until the record flow's clock shows at least `seconds`. Not the exact text: a page
 * starved of CPU (every suite's browser recording at once on two cores) redraws its clock
 * seldom and may go from 0:02 to 0:05, and a wait for "0:03" then lasted until Free's minute
 * ran out.
 */
export async function clockReaches(place: Page | Frame | FrameLocator, seconds: number, guardMs = 120_000 + seconds * 1000): Promise<void> {
  const elapsed = place.locator('.vk-record-flow__elapsed').first();
  const deadline = Date.now() + guardMs;
  for (;;) {
    const shown = /(\d+):(\d{2})/.exec(await elapsed.innerText({ timeout: guardMs }));
    if (shown && Number(shown[1]) * 60 + Number(shown[2]) >= seconds) return;
    if (Date.now() > deadline) throw new Error(`the clock showed ${shown?.[0] ?? 'nothing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs a wait; when it fails, the error says what the record flow showed then (its clock, a
 * refusal, a device message), which a timeout alone does not.
 */
async function withWhatTheFlowSays(place: Page | Frame | FrameLocator, what: string, wait: () => Promise<void>): Promise<void> {
  try {
    await wait();
  } catch (error) {
    const shown = await place
      .locator('.vk-record-flow')
      .first()
      .innerText({ timeout: 5_000 })
      .catch(() => '(the record flow could not be read)');
    throw new Error(`${what}. The record flow showed:\n${shown.trim()}`, { cause: error });
  }
}
