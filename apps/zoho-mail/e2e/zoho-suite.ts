import { launchBrowser, startHostProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';

/**
 * What a browser-test file of this app runs on: the real API serving the build and making the
 * package from it (turbo builds it before the tests), and one browser whose fake microphone
 * speaks `speech`. The widget runs from the package, on Zoho's origin (zoho-harness.ts).
 */
export async function startZohoSuite(speech: string) {
  const wav = await makeSpeechWav(speech, { seconds: 10 });
  const product = await startHostProduct();
  const browser = await launchBrowser({ microphoneWav: wav, loop: true });
  return {
    product,
    browser,
    async stop() {
      await browser.close();
      await product.stop();
    },
  };
}

export type ZohoSuite = Awaited<ReturnType<typeof startZohoSuite>>;
