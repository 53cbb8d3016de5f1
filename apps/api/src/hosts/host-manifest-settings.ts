/**
 * What a deployment's settings put into the host manifests it serves, beyond its address
 * (`%PUBLIC_URL%`): the parts a host reads that only this server's configuration knows.
 */
export type ManifestSettings = {
  publicUrl: URL;
  /** Where stored files are served when they are not on this server (S3_PUBLIC_URL, or the bucket's address). */
  storagePublicUrl: string | null;
  /** The Microsoft Entra app of Microsoft sign-in (MICROSOFT_CLIENT_ID), when it is on. */
  microsoftClientId: string | null;
};

type Json = Record<string, unknown>;

/** `text` parsed as a JSON object, or null: a broken manifest is left as it is for the package's own checks to refuse. */
function parseObject(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const written = (manifest: Json) => `${JSON.stringify(manifest, null, 2)}\n`;

/**
 * Teams single sign-on (authentication.getAuthToken) works only for an app whose installed
 * manifest names its Entra app: `webApplicationInfo` with the app id and the Application ID
 * URI `api://{the tab's host}/{app id}`, the host with its port (Teams compares it with the
 * tab's origin). Filled in when Microsoft sign-in is configured, so nobody edits the zip.
 */
function withTeamsSingleSignOn(text: string, settings: ManifestSettings): string {
  const manifest = settings.microsoftClientId ? parseObject(text) : null;
  if (!manifest || manifest.webApplicationInfo !== undefined) return text;
  const id = settings.microsoftClientId!;
  return written({ ...manifest, webApplicationInfo: { id, resource: `api://${settings.publicUrl.host}/${id}` } });
}

/**
 * The Google add-on fetches the waveform picture from where the files are (UrlFetchApp), and
 * Apps Script fetches only what `urlFetchWhitelist` names: with files on S3 its address is
 * added. Only https can be listed; a prefix the list already covers is not repeated.
 */
function withStorageFetches(text: string, settings: ManifestSettings): string {
  const manifest = settings.storagePublicUrl?.startsWith('https://') ? parseObject(text) : null;
  if (!manifest) return text;
  const prefix = `${settings.storagePublicUrl!.replace(/\/+$/, '')}/`;
  const allowed = Array.isArray(manifest.urlFetchWhitelist) ? (manifest.urlFetchWhitelist as unknown[]) : [];
  if (allowed.some((entry) => typeof entry === 'string' && prefix.startsWith(entry))) return text;
  return written({ ...manifest, urlFetchWhitelist: [...allowed, prefix] });
}

/** `text`, a file of `host`'s build at `path` with the public URL already filled, completed for this deployment. */
export function completeManifest(host: string, path: string, text: string, settings: ManifestSettings): string {
  if (host === 'ms-teams' && path === 'manifest.json') return withTeamsSingleSignOn(text, settings);
  if (host === 'google-docs' && path === 'appsscript.json') return withStorageFetches(text, settings);
  return text;
}
