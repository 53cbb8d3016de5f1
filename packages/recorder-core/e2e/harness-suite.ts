import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { tokensSchema, type Tokens } from '@vocal/settings-model';
import { buildHarness, serveHarness, type BuiltHarnessServer } from './harness-server.ts';

export type HarnessSuite = {
  api: ApiProcess;
  harness: BuiltHarnessServer;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  /** A signed-up account's tokens, for the harness page to record as. */
  tokens: Tokens;
  close(): Promise<void>;
};

/**
 * What each browser suite of the recorder needs: the real API as a process, the harness page
 * built and served in front of it, Chromium whose fake microphone loops `speech` (every
 * recording hears speech, however long the page took to start), and an account.
 */
export async function startHarnessSuite(options: { speech: string; seconds: number; name: string }): Promise<HarnessSuite> {
  const scratch = await mkdtemp(join(tmpdir(), `recorder-${options.name}-e2e-`));
  // Whatever has started is stopped again, last first, also when a later step fails.
  const closers: (() => Promise<unknown>)[] = [() => rm(scratch, { recursive: true, force: true })];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    const [wav, api] = await Promise.all([
      makeSpeechWav(options.speech, { seconds: options.seconds, folder: scratch }),
      startApiProcess().then((started) => {
        closers.push(() => started.stop());
        return started;
      }),
      buildHarness(join(scratch, 'harness')),
    ]);
    const harness = await serveHarness(join(scratch, 'harness'), () => api.url);
    closers.push(() => harness.close());
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    closers.push(() => browser.close());
    const response = await fetch(`${api.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${options.name}-${Date.now()}@example.com`, password: 'a long enough secret' }),
    });
    if (!response.ok) throw new Error(`Signing up for the harness failed: ${response.status} ${await response.text()}`);
    return { api, harness, browser, tokens: tokensSchema.parse(await response.json()), close };
  } catch (error) {
    await close();
    throw error;
  }
}
