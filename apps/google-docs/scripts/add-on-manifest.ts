import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The scopes the add-on cannot work without: Gmail's card and compose action, the Docs cursor and sidebar, the server. */
export const REQUIRED_SCOPES = [
  'https://www.googleapis.com/auth/gmail.addons.execute',
  'https://www.googleapis.com/auth/gmail.addons.current.action.compose',
  'https://www.googleapis.com/auth/documents.currentonly',
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/script.external_request',
] as const;

/** Google's "Access user locale and timezone": what `addOns.common.useLocaleFromApp` needs granted. */
export const LOCALE_SCOPE = 'https://www.googleapis.com/auth/script.locale';

/** Our JSON Schema of appsscript.json, read as a zod schema: no network, no other validator. */
export const appsScriptSchema = z.fromJSONSchema(
  JSON.parse(readFileSync(join(import.meta.dirname, '../schema/appsscript.schema.json'), 'utf8')) as Parameters<typeof z.fromJSONSchema>[0],
);

/** What of the manifest the add-on's own rules read; the schema checks the rest. */
const addOnPartsSchema = z.object({
  oauthScopes: z.array(z.string()).default([]),
  urlFetchWhitelist: z.array(z.string()).default([]),
  addOns: z
    .object({
      common: z.object({ useLocaleFromApp: z.boolean().optional() }).loose().optional(),
      gmail: z
        .object({ composeTrigger: z.object({}).loose().optional() })
        .loose()
        .optional(),
      docs: z.unknown().optional(),
    })
    .loose()
    .optional(),
});

/**
 * Why `manifest` is not Vocal's add-on (empty when it is): it breaks the schema, or lacks what
 * the add-on needs to exist at all. Google's default manifest (what `clasp create` writes: a
 * time zone, the runtime, no add-on section, no scopes) fails here with every missing part named.
 */
export function addOnManifestProblems(manifest: unknown): string[] {
  const problems: string[] = [];
  const checked = appsScriptSchema.safeParse(manifest);
  if (!checked.success) problems.push(...checked.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`));
  const parts = addOnPartsSchema.safeParse(manifest);
  if (!parts.success) return problems;
  const { oauthScopes, urlFetchWhitelist, addOns } = parts.data;
  if (!addOns?.common) problems.push('addOns.common is missing: without it the script is no add-on');
  if (!addOns?.gmail?.composeTrigger) problems.push('addOns.gmail.composeTrigger is missing: Gmail would show no compose action');
  // Docs is an Editor add-on (menu and HtmlService sidebar). addOns.docs would make Docs show a
  // Workspace add-on's card homepage instead, which can neither frame a page nor reach the cursor.
  if (addOns?.docs !== undefined)
    problems.push('addOns.docs is set: the Docs part is an Editor add-on, declared by its onOpen menu, not a card');
  for (const scope of REQUIRED_SCOPES) {
    if (!oauthScopes.includes(scope)) problems.push(`oauthScopes lacks ${scope}`);
  }
  if (addOns?.common?.useLocaleFromApp === true && !oauthScopes.includes(LOCALE_SCOPE)) {
    problems.push(`addOns.common.useLocaleFromApp needs the scope ${LOCALE_SCOPE}`);
  }
  if (urlFetchWhitelist.length === 0) problems.push('urlFetchWhitelist is empty: the add-on could not reach the server');
  return problems;
}

/**
 * The manifest with `storageUrl` (where the server's files are, S3_PUBLIC_URL) added to the
 * URL allow-list: the Docs part fetches the waveform picture from there. Only an https address
 * can be listed (Apps Script fetches nothing else); one the list already covers is not repeated.
 */
export function allowStorageFetches(manifestText: string, storageUrl: string | undefined): string {
  if (!storageUrl) return manifestText;
  const prefix = `${storageUrl.replace(/\/+$/, '')}/`;
  if (!prefix.startsWith('https://'))
    throw new Error(`VOCAL_STORAGE_URL must be an https address (Apps Script fetches only https): ${storageUrl}`);
  const manifest = JSON.parse(manifestText) as { urlFetchWhitelist?: string[] };
  const allowed = manifest.urlFetchWhitelist ?? [];
  if (allowed.some((entry) => prefix.startsWith(entry))) return manifestText;
  return `${JSON.stringify({ ...manifest, urlFetchWhitelist: [...allowed, prefix] }, null, 2)}\n`;
}
