import type { ZafClient } from './zaf-client.ts';

type ZafGlobal = { init(callback?: () => void): ZafClient | false };

/** Zendesk registers the app within seconds; past this the page is not inside Zendesk after all. */
export const REGISTRATION_TIMEOUT_MS = 15_000;

export type ZendeskConnection = { status: 'connected'; client: ZafClient } | { status: 'outside-zendesk'; reason: string };

/**
 * The one reader of the global `ZAFClient` (Zendesk's CDN script, loaded by sidebar.html).
 * Resolves once Zendesk has registered the app (`app.registered`): until then the client
 * only queues calls. `init` answers false when the page was opened without Zendesk's
 * `origin` and `app_guid` parameters, that is, outside Zendesk.
 */
export function connectToZendesk(scope: { ZAFClient?: ZafGlobal } = window as never): Promise<ZendeskConnection> {
  const sdk = scope.ZAFClient;
  if (!sdk) return Promise.resolve({ status: 'outside-zendesk', reason: 'Zendesk’s app framework did not load.' });
  return new Promise((resolve) => {
    let client: ZafClient | false = false;
    const timer = setTimeout(
      () => resolve({ status: 'outside-zendesk', reason: 'Zendesk did not answer. Reload the app from the ticket.' }),
      REGISTRATION_TIMEOUT_MS,
    );
    client = sdk.init(() => {
      clearTimeout(timer);
      if (client) resolve({ status: 'connected', client });
    });
    if (!client) {
      clearTimeout(timer);
      resolve({ status: 'outside-zendesk', reason: 'This page is Vocal’s Zendesk app: open it from a ticket.' });
    }
  });
}
