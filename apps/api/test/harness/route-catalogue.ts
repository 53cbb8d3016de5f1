import type { z } from 'zod';
import { routeDescriptionsOf } from '../../src/openapi/described.ts';
import { RECORDING_ID } from '../../src/openapi/description-parts.ts';
import { OPENAPI_SCHEMAS } from '../../src/openapi/openapi-schemas.ts';
import type { RouteAccess, RouteDescription, SchemaReference } from '../../src/openapi/route-description.ts';
import { ATTACKS } from './route-attacks.ts';

/** The ids a user's data goes by, to aim requests at (see user-with-data.ts). */
export type Resources = {
  email: string;
  recordingId: string;
  /** Reserved, with a progressive upload begun in it. */
  uploadingId: string;
  replyId: string;
  folderId: string;
  commentId: string;
  apiTokenId: string;
  webhookId: string;
  imageKey: string;
  inviteCode: string;
};

/** What a route reads from the request, so the fuzz suite knows what to generate. */
export type RouteInput =
  | { kind: 'none' }
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'query'; schema: z.ZodType }
  | { kind: 'multipart'; form: 'upload' | 'image' }
  /** tus 1.0: its headers and raw bytes (src/uploads/). */
  | { kind: 'tus' };

/** One request aimed at a user's resources: a path (with its query) and, for some, a JSON body or a form. */
export type AimedRequest = {
  /** Left out: the route's own path, its recording id the victim's (route-attacks.ts). */
  path?: string;
  json?: unknown;
  form?: 'upload' | 'image';
  /** Headers of the protocol the route speaks (tus), and a raw body. */
  headers?: Record<string, string>;
  bytes?: Uint8Array;
  /** It names the other user's data, so it must be refused even on a `self` route. */
  refused?: boolean;
};

/** What the security suites know of one handler, all of it but the attack read from its definition. */
export type RouteKnowledge = {
  access: RouteAccess;
  input: RouteInput;
  /** The requests the authorization matrix sends it, at another user's `resources`. */
  aimedAt: (resources: Resources) => (AimedRequest & { path: string })[];
  /** Ends the caller's session or account: the fuzz suite sends it only without a valid token. */
  endsSession: boolean;
};

const PLACEHOLDERS: Resources = {
  email: 'someone@example.com',
  recordingId: 'r',
  uploadingId: 'u',
  replyId: 'p',
  folderId: 'f',
  commentId: 'c',
  apiTokenId: 't',
  webhookId: 'w',
  imageKey: 'i',
  inviteCode: 'v',
};

type RouteTable = readonly { method: string; path: string; handler: unknown }[];

const schemaOf = (reference: SchemaReference): z.ZodType => (typeof reference === 'string' ? OPENAPI_SCHEMAS[reference] : reference);

function inputOf(description: RouteDescription): RouteInput {
  if (description.headers && 'Tus-Resumable' in description.headers) return { kind: 'tus' };
  const body = description.body;
  if (body && 'json' in body) return { kind: 'json', schema: schemaOf(body.json) };
  if (body && 'multipart' in body) return { kind: 'multipart', form: body.multipart };
  if (description.query) return { kind: 'query', schema: description.query };
  return { kind: 'none' };
}

/** The route's own path, its parameters filled where the description says what they hold. */
function pathAt(key: string, path: string, description: RouteDescription, resources: Resources): string {
  return path.replace(/:(\w+)|\*/g, (parameter, name: string | undefined) => {
    if (name && description.pathParameters?.[name] === RECORDING_ID) return resources.recordingId;
    throw new Error(`${key}: ${parameter} is not a recording id; give its request a path in route-attacks.ts`);
  });
}

/**
 * Every handler of an app's route table, by `METHOD path`, with who may call it and what it reads
 * as its own description says (described.ts), and the attack route-attacks.ts holds for it. A
 * handler without a description, an attack for a route that is gone, or a parameter the catalogue
 * cannot fill throws, so a new route cannot escape the security suites.
 */
export function routeCatalogueOf(routes: RouteTable): Record<string, RouteKnowledge> {
  const descriptions = routeDescriptionsOf(routes);
  const undescribed = routeKeysOf(routes).filter((key) => !(key in descriptions) && !isMiddleware(key));
  if (undescribed.length > 0) throw new Error(`routes without a description (described.ts): ${undescribed.join(', ')}`);
  const stale = Object.keys(ATTACKS).filter((key) => !(key in descriptions));
  if (stale.length > 0) throw new Error(`route-attacks.ts names routes the app does not have: ${stale.join(', ')}`);

  const catalogue: Record<string, RouteKnowledge> = {};
  for (const [key, description] of Object.entries(descriptions)) {
    const { path } = splitRouteKey(key);
    const attack = ATTACKS[key] ?? {};
    const aimedAt = (resources: Resources) =>
      [attack.aimedAt?.(resources) ?? {}]
        .flat()
        .map((request) => ({ ...request, path: request.path ?? pathAt(key, path, description, resources) }));
    catalogue[key] = { access: description.access, input: inputOf(description), aimedAt, endsSession: attack.endsSession ?? false };
    // Made once now, so a parameter it cannot fill fails here, naming the route.
    aimedAt(PLACEHOLDERS);
  }
  return catalogue;
}

/** `app.use` and the API's 404 fallback: registered for every method, and not handlers of their own. */
export const isMiddleware = (key: string) => key.startsWith('ALL ');

/** The distinct `METHOD path` keys of an app's route table (handlers and middleware alike). */
export function routeKeysOf(routes: readonly { method: string; path: string }[]): string[] {
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))];
}

/** `METHOD path` split back into its method and path. */
export function splitRouteKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}
