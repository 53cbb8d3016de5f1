import type { BrowserContext } from 'playwright-core';

/**
 * A stranger's browser (a fresh context: no session, no cookies) opens a listen link and plays
 * it; resolves once the player's clock has moved. The product listens on 127.0.0.1, while the
 * links it gives name localhost.
 */
export async function strangerPlays(browser: { newContext(): Promise<BrowserContext> }, url: string) {
  const stranger = await browser.newContext();
  try {
    const listener = await stranger.newPage();
    await listener.goto(url.replace('localhost', '127.0.0.1'));
    await listener.getByRole('button', { name: 'Play', exact: true }).click();
    await listener.waitForFunction(
      () =>
        // Typed by hand: this package is also type-checked without the DOM library (apps/api).
        ((
          globalThis as unknown as { document: { querySelector(selector: 'audio'): { currentTime: number } | null } }
        ).document.querySelector('audio')?.currentTime ?? 0) > 0.5,
      undefined,
      {
        timeout: 120_000,
      },
    );
  } finally {
    await stranger.close();
  }
}
