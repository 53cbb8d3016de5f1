import { unsubscribeKindSchema, type UnsubscribeKind } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import { equalText } from '../common/equal-text.ts';

export type UnsubscribeClaim = { userId: number; kind: UnsubscribeKind };

const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z]{1,20})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token of a one-click unsubscribe link: who and which mails, signed with a server secret
 * (an HMAC kept in the database, so every process signs alike). It works without signing in,
 * so it must not be forgeable: changing the user or the kind breaks the signature. It does
 * not expire: a link in a mail from last year must still stop the mail (RFC 8058 asks that
 * one-click keeps working), and all it can do is switch a mail off or back on.
 */
export function createUnsubscribeTokens(db: Database) {
  const sign = createKeyedHash(db, 'unsubscribe-link');
  const signature = (claim: UnsubscribeClaim) => sign('unsubscribe', String(claim.userId), claim.kind);

  return {
    async create(claim: UnsubscribeClaim): Promise<string> {
      return `${claim.userId}.${claim.kind}.${await signature(claim)}`;
    },

    /** The claim of a genuine token; null for anything forged, altered or malformed. */
    async verify(token: string): Promise<UnsubscribeClaim | null> {
      const match = TOKEN_PATTERN.exec(token);
      const kind = unsubscribeKindSchema.safeParse(match?.[2]);
      if (!match || !kind.success) return null;
      const claim = { userId: Number(match[1]), kind: kind.data };
      return equalText(await signature(claim), match[3]!) ? claim : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
