import type { AppsScriptServices } from './apps-script-services.ts';
import { createAddOn, ENTRY_POINTS } from './add-on.ts';

/** Replaced by the build: the server address, or `%PUBLIC_URL%` for the server to fill. */
declare const __VOCAL_PUBLIC_URL__: string;

/**
 * Apps Script's own services, each read only when the add-on first uses it: a Gmail card
 * never touches DocumentApp, and each trigger is a fresh execution.
 */
const services: AppsScriptServices = {
  get CardService() {
    return CardService;
  },
  get DocumentApp() {
    return DocumentApp;
  },
  get UrlFetchApp() {
    return UrlFetchApp;
  },
  get PropertiesService() {
    return PropertiesService;
  },
  get HtmlService() {
    return HtmlService;
  },
};

/** The deployed script's add-on. */
export const addOn = () => createAddOn(services, __VOCAL_PUBLIC_URL__);

export { ENTRY_POINTS };
