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

/**
 * Who may call a route, the rule the authorization matrix holds each route to:
 * - `public`: anyone (a token, when one is sent, must still be valid);
 * - `self`: signed in, and it acts only on the caller's own account;
 * - `owner`: signed in, and it names one of the caller's own things (in its path or body), so
 *   another user is refused with 403 or 404;
 * - `admin`: the admin token from the data folder, on this machine only.
 */
export type RouteAccess = 'public' | 'self' | 'owner' | 'admin';

/** How a caller of each kind of route proves who they are, unless its description says otherwise. */
const SECURITY_OF_ACCESS: Record<RouteAccess, RouteSecurity> = { public: 'none', self: 'bearer', owner: 'bearer', admin: 'admin' };

/** How a caller of this route proves who they are. */
export const securityOf = (description: RouteDescription): RouteSecurity => description.security ?? SECURITY_OF_ACCESS[description.access];

/** A JSON schema of the wire: a named one (a component of the document) or one made for this route. */
export type SchemaReference = SchemaName | z.ZodType;

/** The two multipart forms the API takes (see multipart-upload.ts and POST /image). */
export type MultipartForm = 'upload' | 'image';

/** `bytes`: raw bytes of a media type (a tus PATCH's application/offset+octet-stream). */
export type RequestBody = { json: SchemaReference; required?: boolean } | { multipart: MultipartForm } | { bytes: string };

/** An answer that is not the `{msg}` error: JSON with a schema, or another media type. */
export type Answer = {
  description: string;
  json?: SchemaReference;
  /** A media type other than JSON (a page, an audio file, a zip); its body is not described further. */
  media?: string;
};

export type RouteDescription = {
  /** The group it is listed under on the reference page. */
  tag: Tag;
  summary: string;
  /** What a caller needs to know beyond the summary, in a sentence or two. */
  description?: string;
  access: RouteAccess;
  /**
   * Only where it is not what `access` implies: the uploads (a visitor's capability or the
   * owner's token), the public pages that show their owner more, and /metrics.
   */
  security?: RouteSecurity;
  /** Each path parameter (`:name`, or `*` as `path`) and what it holds. */
  pathParameters?: Record<string, string>;
  /** The request headers the route reads (a protocol's, such as tus's), and what each holds. */
  headers?: Record<string, string>;
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
  billing: 'Billing',
  teams: 'Teams',
  handoffs: 'One-time handoffs',
  mail: 'Notification mail',
  support: 'Support and error reports',
  admin: 'Admin (this machine only)',
  pages: 'Pages and files',
  hostApps: 'Host apps',
  operations: 'Operations',
  reference: 'API reference',
} as const;

export type Tag = (typeof TAGS)[keyof typeof TAGS];

/** A sentence under each tag's heading: what its routes are for. */
export const TAG_DESCRIPTIONS: Record<Tag, string> = {
  [TAGS.signIn]: 'Tokens: an access token for the API and a refresh token to renew it, by password, Microsoft or a handoff code.',
  [TAGS.account]: "The signed-in user's account, pictures and custom domain.",
  [TAGS.recordings]: 'Reserve an id, upload the MP3 and its waveform, list, edit and delete voice messages.',
  [TAGS.folders]: 'Folders of voice messages.',
  [TAGS.inbox]: 'Sent and received messages in one list, with unread state.',
  [TAGS.listens]: 'Counting listens, and what the owner may see of them.',
  [TAGS.visitors]: 'What people without an account do: comment, reply, write through a contact form, send to a collection, embed.',
  [TAGS.transcription]: 'Transcripts of voice messages.',
  [TAGS.personalisation]: "The owner's settings for the recorder, signature, notifications and public pages.",
  [TAGS.billing]: 'Pro through Stripe: checkout, cancelling, the card, invoices, and the webhook that alone changes a subscription.',
  [TAGS.teams]:
    "A Pro owner's team: invites by mail, the /join link's two calls, and members who have the owner's Pro while they are in it.",
  [TAGS.handoffs]: 'Short-lived, single-use links between our pages and the Chrome extension or the Apps Script add-ons.',
  [TAGS.mail]: 'The links in notification mails; their signed token is the credential.',
  [TAGS.support]: 'Issue reports and where the web app sends its error reports.',
  [TAGS.admin]: 'What the pnpm admin command asks the running server; answered from this machine only.',
  [TAGS.pages]: 'The listen and embed pages, stored files and the web app.',
  [TAGS.hostApps]: 'The apps that run inside Outlook, Teams, Zendesk, Zoho Mail, Chrome and Google Meet, and their packages.',
  [TAGS.operations]: 'For orchestrators and monitoring.',
  [TAGS.reference]: 'This reference.',
};
