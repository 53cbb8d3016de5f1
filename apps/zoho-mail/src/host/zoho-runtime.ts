import type { ZohoMailClient, ZohoSigmaSdk } from './zoho-sigma.ts';

/** Where Zoho serves the SDK (zet's MAIL template); the widget page loads it, and tests answer it with a fake. */
export const SIGMA_SDK_URL = 'https://static.zohocdn.com/sigma/client/sdk/v1/sigma-sdk.min.js';

/** Zoho Mail did not start the widget: the SDK did not load, or the page is not inside Zoho Mail. */
export class ZohoUnavailableError extends Error {
  override name = 'ZohoUnavailableError';
}

declare const SigmaSDK: ZohoSigmaSdk | undefined;

/**
 * Initialises the SDK and hands back its client once Zoho Mail has answered: the one reader
 * of the global `SigmaSDK`; everything else receives the client as an argument (DESIGN.md,
 * the host seam). `timeoutMs` only guards against a page that is not in Zoho Mail at all.
 */
export function connectToZohoMail(options: { timeoutMs: number }): Promise<ZohoMailClient> {
  if (typeof SigmaSDK === 'undefined') {
    return Promise.reject(new ZohoUnavailableError('Zoho Mail’s extension SDK did not load. Check the connection and open Vocal again.'));
  }
  if (window.parent === window) {
    return Promise.reject(
      new ZohoUnavailableError('This page is Vocal’s Zoho Mail extension: open it from the widget panel in Zoho Mail.'),
    );
  }
  const sdk = SigmaSDK;
  return new Promise((resolve, reject) => {
    let ready = false;
    let client: ZohoMailClient | null = null;
    const timer = window.setTimeout(
      () => reject(new ZohoUnavailableError('Zoho Mail did not start the extension. Close the panel and open Vocal again.')),
      options.timeoutMs,
    );
    const settle = () => {
      if (!ready || !client) return;
      window.clearTimeout(timer);
      resolve(client);
    };
    // The SDK may call back before init() has returned its client.
    client = sdk.MAIL.init(() => {
      ready = true;
      settle();
    });
    settle();
  });
}
