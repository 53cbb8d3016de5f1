/**
 * What the server does to manifest*.json as it serves /hosts/zendesk/ and zips it into
 * /hosts/zendesk/app.zip (apps/api host-app-routes.ts): the deployment's address replaces the
 * placeholders. Here for manifest.test.ts, which validates the manifest as Zendesk receives it.
 */
export function fillPublicUrl(text: string, publicUrl: string): string {
  return text.replaceAll('%PUBLIC_URL%', publicUrl).replaceAll('%PUBLIC_HOST%', new URL(publicUrl).host);
}
