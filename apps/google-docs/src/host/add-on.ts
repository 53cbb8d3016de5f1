import { serverUrl, type AppsScriptServices } from './apps-script-services.ts';
import { createDocsAddOn } from './docs-add-on.ts';
import { createGmailAddOn } from './gmail-add-on.ts';
import { createHandoffApi } from './handoff-api.ts';

/**
 * The whole add-on over the services it is given: the Gmail card's functions and the Docs
 * sidebar's. `builtInUrl` is the server address the build filled in (or `%PUBLIC_URL%`).
 */
export function createAddOn(services: AppsScriptServices, builtInUrl: string, now?: () => Date) {
  const baseUrl = () => serverUrl(services, builtInUrl);
  const handoffs = () => createHandoffApi(services, baseUrl());
  return { ...createGmailAddOn(services, { baseUrl, handoffs, now }), ...createDocsAddOn(services, { baseUrl, handoffs, now }) };
}
export type AddOn = ReturnType<typeof createAddOn>;

/**
 * The functions Apps Script calls by name: the manifest's triggers and actions, the
 * simple triggers onOpen/onInstall, and what the sidebar calls through google.script.run.
 * The build declares each as a top-level function of Code.js.
 */
export const ENTRY_POINTS = [
  'onGmailCompose',
  'onGmailHomepage',
  'startGmailRecording',
  'reopenGmailRecording',
  'insertGmailRecording',
  'discardGmailRecording',
  'refreshGmailCard',
  'onOpen',
  'onInstall',
  'showVocalSidebar',
  'newVocalHandoff',
  'claimVocalRecording',
] as const satisfies readonly (keyof AddOn)[];
