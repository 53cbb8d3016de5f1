import type { Locator, Page } from 'playwright-core';

/**
 * How tall a control is to a finger: the run of points above and below its middle that a tap
 * lands on it (ui-kit widens small buttons' hit area beyond their drawn box).
 */
export function touchTargetHeight(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const hits = (y: number) => {
      const found = document.elementFromPoint(x, y);
      return found !== null && (found === element || element.contains(found));
    };
    let top = box.top + box.height / 2;
    while (hits(top - 1)) top -= 1;
    let bottom = box.top + box.height / 2;
    while (hits(bottom + 1)) bottom += 1;
    return bottom - top + 1;
  });
}

/** Moves focus with Tab until `control` has it (a guard of 20 presses), then presses Enter: what a keyboard user does. */
export async function pressWithKeyboard(page: Page, control: Locator) {
  await control.waitFor();
  for (let presses = 0; presses < 20; presses++) {
    if (await control.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}
