/// <reference types="office-js" />
import type { OutlookDialogOffice, OutlookOffice } from './outlook-office.ts';

/** Where Microsoft serves office.js; the HTML entries load it, and tests answer it with a fake. */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

export class OfficeUnavailableError extends Error {
  override name = 'OfficeUnavailableError';
}

/**
 * Waits for office.js to initialise and hands back the namespace, the one place that reads
 * the global `Office`: everything else receives it as an argument (DESIGN.md, the host seam).
 */
export async function waitForOffice(): Promise<{ office: OutlookOffice & OutlookDialogOffice; inOutlook: boolean }> {
  if (typeof Office === 'undefined') {
    throw new OfficeUnavailableError('Office did not load. Check the connection and open Vocal again from Outlook.');
  }
  const info = await Office.onReady();
  // Outside Outlook (the page opened in a plain browser) Office answers with no host.
  const inOutlook = info.host === Office.HostType.Outlook;
  const office: OutlookOffice & OutlookDialogOffice = Office;
  return { office, inOutlook };
}
