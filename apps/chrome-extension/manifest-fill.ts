/**
 * The extension's manifest for one server: manifest.json names it as `%SERVER_ORIGIN%` (its
 * homepage, which the pages read for the API's address) and `%SERVER_MATCH%` (the host
 * permission that lets the pages call the API, and the one origin whose page may hand the
 * extension a sign-in code). The build fills them from VOCAL_API_URL; apps/api's package
 * recipe re-points a built manifest at the server that packs it.
 */
export function serverMatch(server: URL): string {
  return `${server.protocol}//${server.host}/*`;
}

export function fillManifest(template: string, server: URL): string {
  return template.replaceAll('%SERVER_ORIGIN%', server.origin).replaceAll('%SERVER_MATCH%', serverMatch(server));
}
