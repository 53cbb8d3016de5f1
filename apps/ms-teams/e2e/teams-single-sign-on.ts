import { unzipSync, strFromU8 } from 'fflate';
import type { startMicrosoftIdentity } from './microsoft-identity.ts';

/** What of the installed manifest Teams reads for single sign-on. */
type InstalledManifest = {
  webApplicationInfo?: { id?: string; resource?: string };
  staticTabs?: { contentUrl: string }[];
};

/** The manifest inside the package the server hands out for upload (`app.zip`), as Teams installs it. */
export async function installedManifest(serverUrl: string): Promise<InstalledManifest> {
  const response = await fetch(`${serverUrl}/hosts/ms-teams/app.zip`);
  if (!response.ok) throw new Error(`app.zip answered ${response.status}`);
  return JSON.parse(strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['manifest.json']!)) as InstalledManifest;
}

/**
 * What Teams' authentication.getAuthToken answers a tab of an app installed from `manifest`,
 * as Microsoft documents tab single sign-on: a token for the Entra app webApplicationInfo
 * names, its audience the manifest's resource, only when that resource is `api://{the tab's
 * host}/{id}`; otherwise the failure Teams reports. The tab is the manifest's personal tab.
 */
export function teamsAuthTokenFor(
  manifest: InstalledManifest,
  identity: Awaited<ReturnType<typeof startMicrosoftIdentity>>,
  email: string,
): { token: string } | { failure: string } {
  const info = manifest.webApplicationInfo;
  if (!info?.id || !info.resource) return { failure: 'resourceDisabled' };
  const tab = manifest.staticTabs?.[0]?.contentUrl;
  if (!tab || info.resource !== `api://${new URL(tab).host}/${info.id}`) {
    return { failure: 'App resource defined in manifest and iframe origin do not match' };
  }
  return { token: identity.sign(email, { audience: info.resource }) };
}
