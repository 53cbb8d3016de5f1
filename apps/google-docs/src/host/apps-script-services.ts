/**
 * The Apps Script services the add-on uses, passed in rather than read from globals: the
 * deployed script hands over the real ones (apps-script-entry.ts), the tests hand over fakes
 * that record every call.
 */
export type AppsScriptServices = {
  CardService: GoogleAppsScript.Card_Service.CardService;
  DocumentApp: GoogleAppsScript.Document.DocumentApp;
  UrlFetchApp: GoogleAppsScript.URL_Fetch.UrlFetchApp;
  PropertiesService: GoogleAppsScript.Properties.PropertiesService;
  HtmlService: GoogleAppsScript.HTML.HtmlService;
};

/** The script property that names the Vocal server, overriding the address built in. */
export const SERVER_URL_PROPERTY = 'VOCAL_URL';

/**
 * The Vocal server's origin: the script property VOCAL_URL when set (Project Settings →
 * Script properties), else the address the build filled in for `%PUBLIC_URL%`
 * (scripts/prepare-clasp.ts). Without either the add-on cannot work, and says so.
 */
export function serverUrl(services: AppsScriptServices, builtIn: string): string {
  const configured = services.PropertiesService.getScriptProperties().getProperty(SERVER_URL_PROPERTY)?.trim();
  const url = configured || builtIn;
  if (!/^https?:\/\/[^%\s]+$/.test(url)) {
    throw new Error(
      `The Vocal server's address is not set: set the script property ${SERVER_URL_PROPERTY} (for example https://vocal.example.com).`,
    );
  }
  return url.replace(/\/+$/, '');
}
