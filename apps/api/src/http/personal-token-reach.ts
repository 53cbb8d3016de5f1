import type { ApiTokenScope } from '@vocal/settings-model';
import { forbidden } from './http-error.ts';

/**
 * What a personal API token may never reach, whatever its scope (issue 29): the account's
 * credentials and identity (password, email address, deletion, sessions, tokens), billing, and
 * the handoffs that mint a signed-in session. A leaked token can then read or write messages,
 * but never lock its owner out, spend their money or make itself a session.
 */
const NEVER: { methods?: string[]; path: RegExp }[] = [
  { path: /^\/api\/tokens(\/|$)/ },
  { path: /^\/api\/password\// },
  // POST /account is where the email address changes.
  { methods: ['POST'], path: /^\/api\/account$/ },
  { path: /^\/api\/account\/email\// },
  { path: /^\/api\/delete$/ },
  { path: /^\/api\/(logout|refresh)$/ },
  { path: /^\/api\/(subscription|meet-subscription|payments|coupon)(\/|$)/ },
  { path: /^\/api\/session-handoff(\/|$)/ },
];

export const TOKEN_CANNOT_REACH =
  'An API token cannot do this: passwords, email addresses, account deletion, billing and tokens need you signed in';
export const READ_TOKEN_CANNOT_WRITE = 'This API token can only read (its scope is read): make a write token to change things';

/** Throws 403 when a token of `scope` may not make this request. */
export function assertTokenReach(scope: ApiTokenScope, method: string, path: string): void {
  if (NEVER.some((rule) => rule.path.test(path) && (!rule.methods || rule.methods.includes(method)))) throw forbidden(TOKEN_CANNOT_REACH);
  if (scope === 'read' && method !== 'GET' && method !== 'HEAD') throw forbidden(READ_TOKEN_CANNOT_WRITE);
}
