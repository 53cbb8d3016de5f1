import { HOST_APP_IDS, type HostEntryPage } from '@vocal/settings-model';
import type { PackageRecipe } from '../hosts/host-app-package.ts';
import { TAGS, type RouteDescription } from './route-description.ts';

const NOT_BUILT = 'The app has not been built, or its build lacks a file the package needs';
const HOST_PACKAGE = "The zip its host takes, built from the host app's build with PUBLIC_URL filled in";

/**
 * The host apps' routes (host-app-routes.ts) are made from the host registry in a loop, and so
 * are their descriptions: a package, a page the spec gives an address outside /hosts/, and the
 * builds' files.
 */
export const packageRouteDescription = (name: string, recipe: PackageRecipe): RouteDescription => ({
  tag: TAGS.hostApps,
  summary: `The ${name} ${recipe.what}`,
  access: 'public',
  answers: { 200: { description: HOST_PACKAGE, media: 'application/zip' } },
  refusals: recipe.refusedWhen ? { 404: NOT_BUILT, 409: recipe.refusedWhen } : { 404: NOT_BUILT },
});

/** GET and HEAD of an entry page: the page itself, or the redirect to it. */
export function entryPageDescriptions(host: string, name: string, page: HostEntryPage): Record<'GET' | 'HEAD', RouteDescription> {
  const answers: RouteDescription['answers'] =
    page.how === 'redirect'
      ? { 302: { description: `To /hosts/${host}/${page.file}, with the same query` } }
      : { 200: { description: 'The page', media: 'text/html' } };
  const refusals: Record<number, string> = page.how === 'redirect' ? {} : { 404: `The ${name} app has not been built` };
  return {
    GET: { tag: TAGS.hostApps, summary: `The ${name} ${page.what}`, access: 'public', answers, refusals },
    HEAD: {
      tag: TAGS.hostApps,
      summary: `The ${name} ${page.what}: headers only`,
      access: 'public',
      answers: page.how === 'redirect' ? answers : { 200: { description: 'The headers of the page' } },
      refusals,
    },
  };
}

const host = `The host app (${HOST_APP_IDS.join(', ')}).`;

/** GET and HEAD /hosts/:host/*: a file of a host app's build. */
export const hostFileDescriptions: Record<'GET' | 'HEAD', RouteDescription> = {
  GET: {
    tag: TAGS.hostApps,
    summary: "A file of a host app's build (manifests carry PUBLIC_URL filled in)",
    access: 'public',
    pathParameters: { host, path: 'The file in its build, slashes included.' },
    answers: { 200: { description: 'The file', media: 'application/octet-stream' } },
    refusals: { 404: 'No such host app, or no such file in its build' },
  },
  HEAD: {
    tag: TAGS.hostApps,
    summary: "A host app file's headers",
    access: 'public',
    pathParameters: { host, path: 'The file in its build, slashes included.' },
    answers: { 200: { description: 'The headers of the file' } },
    refusals: { 404: 'No such host app, or no such file in its build' },
  },
};
