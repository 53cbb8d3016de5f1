import { HOST_APPS, type HostAppEntry, type HostAppId, type IntegrationReadiness } from '@vocal/settings-model';

/** One thing a host app needs of this server: what it is, whether this server has it, and how to give it. */
export type Requirement = {
  id: 'https' | 'https-or-localhost' | 'origin-only' | 'built' | 'microsoft-sign-in' | 'file-origin';
  label: string;
  /** True: this server has it. False: missing. */
  met: boolean;
  /** Optional: the app works without it, with less (e.g. no single sign-on). */
  optional?: boolean;
  /** What this server has now, or what to set. */
  detail: string;
};

const isHttps = (url: URL) => url.protocol === 'https:';
const isLocal = (url: URL) => url.hostname === 'localhost';

/** What host `id` needs of the server described by `readiness`, in the order the page lists it. */
export function requirementsOf(id: HostAppId, name: string, readiness: IntegrationReadiness): Requirement[] {
  // What the host asks of a server, from the host registry (settings-model's host-apps.ts).
  const host: HostAppEntry = HOST_APPS[id];
  const needs = host.needs ?? [];
  const publicUrl = new URL(readiness.publicUrl);
  const address = `PUBLIC_URL is ${readiness.publicUrl}.`;
  const https: Requirement =
    host.address === 'https-or-localhost'
      ? {
          id: 'https-or-localhost',
          label: 'An https:// public address',
          met: isHttps(publicUrl) || isLocal(publicUrl),
          detail: `${address} ${name} takes an app's pages over https only (http only from localhost, for trying it).`,
        }
      : {
          id: 'https',
          label: 'An https:// public address',
          met: isHttps(publicUrl),
          optional: host.address === 'https-recommended',
          detail:
            host.address === 'https-recommended'
              ? `${address} The ${host.name} works with any address, but people's browsers should reach the server over https.`
              : isHttps(publicUrl)
                ? `${address} ${name} loads apps only from https:// addresses.`
                : `${address} ${name} loads apps only from https:// addresses: set PUBLIC_URL to the server's https address.`,
        };
  const requirements: Requirement[] = [
    https,
    {
      id: 'built',
      label: `The ${name} app built on this server`,
      met: readiness.built[id],
      detail: readiness.built[id]
        ? `This server serves it at ${new URL(`/hosts/${id}/`, publicUrl).href}.`
        : `Build it (npx -y pnpm@10 start builds every host app) or set HOST_APPS_DIR to where the builds are.`,
    },
  ];
  if (needs.includes('origin-only')) {
    const isOrigin = publicUrl.pathname === '/' && !publicUrl.search;
    requirements.push({
      id: 'origin-only',
      label: 'A public address without a path',
      met: isOrigin,
      detail: isOrigin
        ? `${name} accepts add-on pages only from the origins the deployment lists: ${publicUrl.origin}.`
        : `${address} ${name} lists add-ons by origin: serve Vocal at the root of its host.`,
    });
  }
  if (needs.includes('microsoft-sign-in')) {
    requirements.push({
      id: 'microsoft-sign-in',
      label: 'Microsoft sign-in (single sign-on)',
      met: readiness.microsoft !== null,
      optional: true,
      detail: readiness.microsoft
        ? `MICROSOFT_CLIENT_ID is ${readiness.microsoft.clientId} (tenant ${readiness.microsoft.tenant}): Continue with Microsoft signs people in with their ${name} account.`
        : 'Set MICROSOFT_CLIENT_ID (and MICROSOFT_TENANT) to your Microsoft Entra app registration to offer Continue with Microsoft. Without it people sign in with their email.',
    });
  }
  if (needs.includes('file-origin')) {
    requirements.push({
      id: 'file-origin',
      label: 'Pictures served from a known address',
      met: true,
      detail:
        readiness.storage.kind === 's3'
          ? `Waveform pictures come from your bucket, ${readiness.storage.publicOrigin}: the add-on's manifest lets Google fetch them from there.`
          : `Waveform pictures come from this server, ${readiness.storage.publicOrigin}.`,
    });
  }
  return requirements;
}

/** How many things host `id` still lacks on this server (optional ones aside). */
export const missingCount = (requirements: Requirement[]) => requirements.filter((need) => !need.met && !need.optional).length;
