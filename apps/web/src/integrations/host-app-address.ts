import type { HostAppId } from '@vocal/settings-model';

/** The host apps this server builds and serves under /hosts/{id}/ (apps/api host-app-routes.ts). */
export type { HostAppId };

/** The address of a file of a host app's build on the server at `origin`. */
export function hostAppAddress(origin: string, host: HostAppId, file: string): string {
  return new URL(`/hosts/${host}/${file}`, origin).href;
}

/**
 * Whether the hosts can load our pages from `origin`: Microsoft 365, Zendesk, Front, Zoho and
 * Google Meet frame their apps in https pages, and each refuses an add-in or plugin page served over http.
 */
export function isSecureOrigin(origin: string): boolean {
  return new URL(origin).protocol === 'https:';
}
