import { z } from 'zod';

const token = z.string().min(1, { error: 'must not be empty' }).max(4096);

/**
 * Access and refresh token. The server names them access_token and refresh_token; parsing
 * accepts either spelling and yields the camelCase pair.
 */
export const tokensSchema = z
  .union([z.object({ access_token: token, refresh_token: token }), z.object({ accessToken: token, refreshToken: token })])
  .transform((tokens) => ('access_token' in tokens ? { accessToken: tokens.access_token, refreshToken: tokens.refresh_token } : tokens));
export type Tokens = z.output<typeof tokensSchema>;
export type TokensWire = { access_token: string; refresh_token: string };

/**
 * POST /refresh answers a new access token; with rotation it also carries a new refresh
 * token. An empty access token means the refresh failed (spec section 7).
 */
export const refreshResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().min(1).optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

const requiredText = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;

/**
 * Signing in checks only the length, so an account whose password predates a rule still
 * signs in; a password being chosen must also pass `newPasswordSchema`.
 */
export const credentialsSchema = z.object({
  email: z
    .string({ error: requiredText })
    .trim()
    .max(254, { error: 'must be at most 254 characters' })
    .pipe(z.email({ error: 'must be a valid email address' }))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: requiredText })
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type Credentials = z.input<typeof credentialsSchema>;

/**
 * A password being chosen (sign-up, the admin command): the sign-in rules, and not only
 * spaces. The server also refuses the most common passwords, a list too large for the
 * browser; its message arrives as "password: ...".
 */
export const newPasswordSchema = credentialsSchema.shape.password.refine((password) => password.trim().length > 0, {
  error: 'must not be only spaces',
});

/** An origin no one has, to resolve a redirect against. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * A redirect that stays on our origin: a path, never `//host` or a scheme. It is resolved with
 * the URL parser, as the browser will resolve it (which drops tabs and newlines and reads `\`
 * as `/`, so `/\t/evil.example` is `//evil.example`), and kept only when the origin is still
 * ours, as the parser wrote it. Anything else becomes "/", so a crafted sign-in link cannot send
 * a user elsewhere.
 */
export const sameOriginPathSchema = z
  .string()
  .catch('/')
  .transform((path) => {
    if (!path.startsWith('/')) return '/';
    try {
      const url = new URL(path, PROBE_ORIGIN);
      return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : '/';
    } catch {
      return '/';
    }
  });

/** The login-link hash: base64 of JSON {token, redirect} (spec sections 3 and 4). */
export const loginHashSchema = z.object({
  token: token,
  redirect: sameOriginPathSchema.default('/'),
});
export type LoginHash = z.infer<typeof loginHashSchema>;

export function encodeLoginHash(hash: z.input<typeof loginHashSchema>): string {
  const json = JSON.stringify(hash);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads `#<base64 json>` (the leading # optional); null when it is not a login hash. */
export function parseLoginHash(hash: string): LoginHash | null {
  const encoded = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!encoded) return null;
  try {
    const binary = atob(decodeURIComponent(encoded));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const result = loginHashSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
