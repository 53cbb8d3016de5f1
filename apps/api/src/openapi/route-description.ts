import type { z } from 'zod';
import type { SchemaName } from './openapi-schemas.ts';

/**
 * How a caller proves who they are:
 * - `none`: nothing; a token sent anyway is ignored or must still be valid;
 * - `bearer`: `Authorization: Bearer <access token>` (the refresh call takes the refresh token);
 * - `optional-bearer`: anyone, and the token when sent changes the answer (the owner's own listens);
 * - `admin`: `X-Admin-Token` from the data folder, from this machine only;
 * - `metrics`: `Authorization: Bearer <METRICS_TOKEN>`.
 */
export type RouteSecurity = 'none' | 'bearer' | 'optional-bearer' | 'admin' | 'metrics';

/** A JSON schema of the wire: a named one (a component of the document) or one made for this route. */
export type SchemaReference = SchemaName | z.ZodType;

/** The two multipart forms the API takes (see multipart-upload.ts and POST /image). */
export type MultipartForm = 'upload' | 'image';

export type RequestBody = { json: SchemaReference; required?: boolean } | { multipart: MultipartForm };

/** An answer that is not the `{msg}` error: JSON with a schema, or another media type. */
export type Answer = {
  description: string;
  json?: SchemaReference;
  /** A media type other than JSON (a page, an audio file, a zip); its body is not described further. */
  media?: string;
};

export type RouteDescription = {
  /** The group it is listed under on the reference page. */
  tag: string;
  summary: string;
  /** What a caller needs to know beyond the summary, in a sentence or two. */
  description?: string;
  security: RouteSecurity;
  /** Each path parameter (`:name`, or `*` as `path`) and what it holds. */
  pathParameters?: Record<string, string>;
  /** The query string, as the route parses it. */
  query?: z.ZodObject;
  body?: RequestBody;
  /** The answers that are not a `{msg}` refusal: 2xx and 3xx, and the pages a missing message gets. */
  answers: Record<number, Answer>;
  /**
   * The refusals this route adds to those every route of its kind has (a bearer route's 401,
   * a JSON body's 400, 413 and 415): status and when it is answered. Each is a `{msg}`.
   */
  refusals?: Record<number, string>;
};

export const TAGS = {
  signIn: 'Sign-in and sessions',
  account: 'Account',
  recordings: 'Recordings',
  folders: 'Folders',
  inbox: 'Inbox',
  listens: 'Listens and analytics',
  visitors: 'Visitors, comments and replies',
  transcription: 'Transcription',
  personalisation: 'Personalisation',
  handoffs: 'One-time handoffs',
  mail: 'Notification mail',
  support: 'Support and error reports',
  admin: 'Admin (this machine only)',
  pages: 'Pages and files',
  hostApps: 'Host apps',
  operations: 'Operations',
  reference: 'API reference',
} as const;
