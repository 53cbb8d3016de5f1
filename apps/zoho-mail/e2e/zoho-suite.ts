import { launchBrowser, startHostProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { startZohoHarness } from './zoho-harness.ts';

/**
 * What a browser-test file of this app runs on: the Zoho Mail harness, the real API serving the
 * build at /hosts/zoho-mail/ (turbo builds it before the tests), framed only by Zoho Mail's
 * origins and, here, the harness's; and one browser whose fake microphone speaks `speech`.
 */
export async function startZohoSuite(speech: string) {
  const wav = await makeSpeechWav(speech, { seconds: 10 });
  const harness = await startZohoHarness();
  const product = await startHostProduct({ HOST_FRAME_ANCESTORS: harness.origin });
  const browser = await launchBrowser({ microphoneWav: wav, loop: true });
  return {
    harness,
    product,
    browser,
    /** The widget page as the launcher sends the frame there. */
    widgetUrl: (location: string) => `${product.url}/hosts/zoho-mail/widget.html?location=${location}`,
    async stop() {
      await browser.close();
      await harness.stop();
      await product.stop();
    },
  };
}

export type ZohoSuite = Awaited<ReturnType<typeof startZohoSuite>>;
