import { HOST_APP_IDS, HOST_APPS, hostAppsOf, type HostAppRegistry } from '@vocal/settings-model';
import { PACKAGE_RECIPES } from '../hosts/host-app-package-recipes.ts';
import { TAGS, type RouteDescription } from './route-description.ts';

const NOT_BUILT = 'The app has not been built, or its build lacks a file the package needs';
const HOST_PACKAGE = "The zip its host takes, built from the host app's build with PUBLIC_URL filled in";

/**
 * The host apps' routes (host-app-routes.ts), described from the host registry as the routes
 * are made from it: each package, each page the spec gives an address outside /hosts/, and the
 * builds' files.
 */
export function hostAppRouteDescriptions(): Record<string, RouteDescription> {
  const descriptions: Record<string, RouteDescription> = {};
  const recipes: Partial<Record<string, (typeof PACKAGE_RECIPES)[keyof typeof PACKAGE_RECIPES]>> = PACKAGE_RECIPES;
  for (const { id, name, entryPages = [] } of hostAppsOf(HOST_APPS as HostAppRegistry)) {
    const recipe = recipes[id];
    if (recipe) {
      descriptions[`GET /hosts/${id}/${recipe.fileName}`] = {
        tag: TAGS.hostApps,
        summary: `The ${name} ${recipe.what}`,
        security: 'none',
        answers: { 200: { description: HOST_PACKAGE, media: 'application/zip' } },
        refusals: recipe.refusedWhen ? { 404: NOT_BUILT, 409: recipe.refusedWhen } : { 404: NOT_BUILT },
      };
    }
    for (const page of entryPages) {
      const answers: RouteDescription['answers'] =
        page.how === 'redirect'
          ? { 302: { description: `To /hosts/${id}/${page.file}, with the same query` } }
          : { 200: { description: 'The page', media: 'text/html' } };
      const refusals: Record<number, string> = page.how === 'redirect' ? {} : { 404: `The ${name} app has not been built` };
      descriptions[`GET ${page.path}`] = { tag: TAGS.hostApps, summary: `The ${name} ${page.what}`, security: 'none', answers, refusals };
      descriptions[`HEAD ${page.path}`] = {
        tag: TAGS.hostApps,
        summary: `The ${name} ${page.what}: headers only`,
        security: 'none',
        answers: page.how === 'redirect' ? answers : { 200: { description: 'The headers of the page' } },
        refusals,
      };
    }
  }
  const host = `The host app (${HOST_APP_IDS.join(', ')}).`;
  descriptions['GET /hosts/:host/*'] = {
    tag: TAGS.hostApps,
    summary: "A file of a host app's build (manifests carry PUBLIC_URL filled in)",
    security: 'none',
    pathParameters: { host, path: 'The file in its build, slashes included.' },
    answers: { 200: { description: 'The file', media: 'application/octet-stream' } },
    refusals: { 404: 'No such host app, or no such file in its build' },
  };
  descriptions['HEAD /hosts/:host/*'] = {
    tag: TAGS.hostApps,
    summary: "A host app file's headers",
    security: 'none',
    pathParameters: { host, path: 'The file in its build, slashes included.' },
    answers: { 200: { description: 'The headers of the file' } },
    refusals: { 404: 'No such host app, or no such file in its build' },
  };
  return descriptions;
}
