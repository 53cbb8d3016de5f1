import { makeSpeechWav } from '@vocal/test-fixtures';
import { launchBrowser } from './browser.ts';
import { startHostProduct } from './product.ts';

/**
 * What most host apps' browser-test files run on: the real API serving the built host apps
 * (startHostProduct), and one Chromium whose fake microphone speaks `speech`, looped.
 * `denyMicrophone`: no prompt is ever accepted, so only a context that grants the microphone
 * (to our own origin, say) has one, and a host's frame is refused it.
 */
export async function startHostSuite(
  speech: string,
  options: { seconds?: number; denyMicrophone?: boolean; env?: Record<string, string> } = {},
) {
  const wav = await makeSpeechWav(speech, { seconds: options.seconds ?? 10 });
  const product = await startHostProduct(options.env);
  try {
    const browser = await launchBrowser({ denyMicrophone: options.denyMicrophone, microphoneWav: wav, loop: true });
    return {
      product,
      browser,
      async stop() {
        await browser.close();
        await product.stop();
      },
    };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

export type HostSuite = Awaited<ReturnType<typeof startHostSuite>>;
