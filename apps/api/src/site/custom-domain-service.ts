import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CustomDomainState, DomainCheck, DomainCheckStatus } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import type { Logger } from '../logger.ts';
import { domainLostMail } from '../mail/domain-lost-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createDomainCheck, customDomainTarget, isInternalName, proofRecordName, proofRecordValue } from './domain-check.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import { addressConfirmed } from '../accounts/email-confirmation.ts';
import { isPro } from '../billing/plans.ts';

/** An unproven claim is dropped this long after it was saved. */
export const DOMAIN_CLAIM_DAYS = 7;
/** How often a held domain is checked again. */
export const DOMAIN_RECHECK_HOURS = 24;
/** Held domains checked per sweep: each check is a few DNS queries. */
const RECHECK_BATCH = 20;
/** How long a custom host's holder is remembered on the listen path. */
const HOLDER_CACHE_MS = 5000;

const DAY_MS = 24 * 60 * 60 * 1000;

type DomainRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'plan' | 'domain' | 'domainClaimedAt' | 'domainVerifiedAt' | 'domainLostAt' | 'domainCheckedAt' | 'emailConfirmedAt'
>;

const STATUS_WORDS: Record<Exclude<DomainCheckStatus, 'points-here'>, (domain: string, target: string) => string> = {
  'points-elsewhere': (domain, target) => `${domain} does not point at ${target}. Make its record a CNAME for ${target}.`,
  'no-records': (domain) => `${domain} exists but has no CNAME record yet. Create the records below.`,
  'not-found': (domain) =>
    `${domain} does not exist in DNS yet. Create the records below at your DNS provider; a new record can take up to an hour to be seen.`,
  unanswered: (domain) => `The DNS servers did not answer for ${domain}. Try again in a few minutes.`,
};

/** The account fields a new or changed domain sets: a claim, proven by no check yet. */
export function claimFields(domain: string | null, at: Date) {
  return { domain, domainClaimedAt: domain ? at : null, domainVerifiedAt: null, domainLostAt: null, domainCheckedAt: null };
}

/** The domain new links of `owner` use: the one it holds while it points here, on Pro; null: PUBLIC_URL. */
export function linkDomainOf(owner: Pick<DomainRow, 'plan' | 'domain' | 'domainVerifiedAt' | 'domainLostAt'>): string | null {
  return owner.domain && owner.domainVerifiedAt && !owner.domainLostAt && isPro(owner) ? owner.domain : null;
}

/**
 * Custom domains (issue 24): an account claims a domain by saving it, holds it once DNS proves
 * it (a CNAME here, and a TXT record with a value only this account is given), and new listen
 * links use it only while it is held and points here. A daily check finds held domains that
 * stopped pointing here (links fall back to PUBLIC_URL, the owner is mailed) and drops claims
 * never proven. A message is served under a custom domain only when its owner holds it, or the
 * message was shared on it and no other account holds it now.
 */
export function createCustomDomainService(options: { db: Database; config: Config; mailer: Mailer; logger: Logger; now?: () => Date }) {
  const { db, config, mailer, logger } = options;
  const now = options.now ?? (() => new Date());
  const dns = createDomainCheck(config);
  const proofHash = createKeyedHash(db, 'custom-domain-proof');
  const holders = new Map<string, { holderId: number | null; at: number }>();

  const proofValue = async (userId: number, domain: string) =>
    proofRecordValue((await proofHash(String(userId), domain.toLowerCase())).slice(0, 32));
  const target = () => customDomainTarget(config);

  const statusOf = (row: DomainRow): CustomDomainState['status'] => {
    if (!row.domain) return 'none';
    if (!row.domainVerifiedAt) return 'pending';
    return row.domainLostAt ? 'lost' : 'held';
  };

  async function stateOf(row: DomainRow): Promise<CustomDomainState> {
    const host = target();
    const status = statusOf(row);
    const records =
      row.domain && host
        ? [
            { type: 'CNAME' as const, name: row.domain, value: host },
            { type: 'TXT' as const, name: proofRecordName(row.domain), value: await proofValue(row.id, row.domain) },
          ]
        : [];
    return {
      target: host,
      domain: row.domain,
      status,
      records,
      pendingUntil:
        status === 'pending' && row.domainClaimedAt
          ? new Date(row.domainClaimedAt.getTime() + DOMAIN_CLAIM_DAYS * DAY_MS).toISOString()
          : null,
      heldSince: row.domainVerifiedAt?.toISOString() ?? null,
      lostAt: row.domainLostAt?.toISOString() ?? null,
      checkedAt: row.domainCheckedAt?.toISOString() ?? null,
    };
  }

  async function rowOf(userId: number): Promise<DomainRow | null> {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        plan: users.plan,
        domain: users.domain,
        domainClaimedAt: users.domainClaimedAt,
        domainVerifiedAt: users.domainVerifiedAt,
        domainLostAt: users.domainLostAt,
        domainCheckedAt: users.domainCheckedAt,
        emailConfirmedAt: users.emailConfirmedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** The account that holds `host` (proven by DNS), if any. */
  async function holderOf(host: string): Promise<number | null> {
    const name = host.toLowerCase();
    const remembered = holders.get(name);
    if (remembered && Date.now() - remembered.at < HOLDER_CACHE_MS) return remembered.holderId;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.domain}) = ${name}`, isNotNull(users.domainVerifiedAt)));
    const holderId = row?.id ?? null;
    if (holders.size > 10_000) holders.clear();
    holders.set(name, { holderId, at: Date.now() });
    return holderId;
  }

  /** Makes `userId` the holder of its claimed domain: other accounts' claims of it go. */
  async function hold(userId: number, domain: string, at: Date) {
    await db.transaction(async (transaction) => {
      await transaction
        .update(users)
        .set({ domain: null, domainClaimedAt: null, domainVerifiedAt: null, domainLostAt: null, domainCheckedAt: null })
        .where(and(sql`lower(${users.domain}) = ${domain.toLowerCase()}`, ne(users.id, userId)));
      await transaction
        .update(users)
        .set({ domainVerifiedAt: sql`coalesce(${users.domainVerifiedAt}, ${at})`, domainLostAt: null, domainCheckedAt: at })
        .where(and(eq(users.id, userId), eq(users.domain, domain)));
    });
    holders.delete(domain.toLowerCase());
  }

  return {
    isInternalName,

    /** GET account/domain. */
    async state(userId: number): Promise<CustomDomainState> {
      const row = await rowOf(userId);
      if (!row)
        return {
          target: target(),
          domain: null,
          status: 'none',
          records: [],
          pendingUntil: null,
          heldSince: null,
          lostAt: null,
          checkedAt: null,
        };
      return stateOf(row);
    },

    /**
     * POST account/domain/check: whether the saved domain points here and carries this account's
     * proof. Both: the account holds it (any other claim of it goes) and new links use it.
     */
    async check(userId: number): Promise<DomainCheck | null> {
      const row = await rowOf(userId);
      if (!row?.domain) return null;
      const domain = row.domain;
      const host = target();
      if (!host) {
        return {
          domain,
          status: 'unanswered',
          proven: false,
          message: `This server's address is an IP address, and a CNAME must name a host: custom domains need the server to have a name.`,
          state: await stateOf(row),
        };
      }
      const [routing, proven] = await Promise.all([dns.routing(domain, host), dns.proven(domain, await proofValue(userId, domain))]);
      const at = now();
      let message: string;
      if (routing.status === 'points-here' && proven) {
        await hold(userId, domain, at);
        message = `${domain} points here and is proven yours: new listen links use https://${domain}.`;
      } else if (routing.status === 'points-here') {
        message = `${domain} points here. Add the TXT record below to prove it is yours; new links use it once it is proven.`;
      } else {
        message = STATUS_WORDS[routing.status](domain, host);
        if (!proven) message += ' The TXT record below is needed too.';
      }
      const after = (await rowOf(userId))!;
      return { domain, status: routing.status, proven, message, state: await stateOf(after) };
    },

    /**
     * Whether a message may be served under the custom host `host`: its owner holds the domain,
     * or the message was shared on it (its `domain`) and no other account holds it now.
     */
    async servesOn(host: string, message: { ownerId: number; domain: string | null }): Promise<boolean> {
      const holder = await holderOf(host);
      if (holder === message.ownerId) return true;
      return holder === null && message.domain?.toLowerCase() === host.toLowerCase();
    },

    /**
     * The daily sweep: claims unproven for DOMAIN_CLAIM_DAYS are dropped, and held domains not
     * checked for DOMAIN_RECHECK_HOURS are checked again (each claimed by its checked time, so
     * one process checks it). One that stopped pointing here is marked lost and its owner mailed;
     * one that points here again is held again. Answers how many were checked.
     */
    async recheckDue(): Promise<number> {
      const at = now();
      await db
        .update(users)
        .set({ domain: null, domainClaimedAt: null })
        .where(
          and(
            isNotNull(users.domain),
            isNull(users.domainVerifiedAt),
            or(isNull(users.domainClaimedAt), lt(users.domainClaimedAt, new Date(at.getTime() - DOMAIN_CLAIM_DAYS * DAY_MS))),
          ),
        );
      const host = target();
      if (!host) return 0;
      const dueBefore = new Date(at.getTime() - DOMAIN_RECHECK_HOURS * 60 * 60 * 1000);
      const due = await db
        .select({ id: users.id })
        .from(users)
        .where(and(isNotNull(users.domainVerifiedAt), or(isNull(users.domainCheckedAt), lt(users.domainCheckedAt, dueBefore))))
        .limit(RECHECK_BATCH);
      let checked = 0;
      for (const { id } of due) {
        const claimed = await db
          .update(users)
          .set({ domainCheckedAt: at })
          .where(and(eq(users.id, id), or(isNull(users.domainCheckedAt), lt(users.domainCheckedAt, dueBefore))))
          .returning({ id: users.id });
        if (claimed.length === 0) continue;
        const row = (await rowOf(id))!;
        if (!row.domain) continue;
        checked++;
        const routing = await dns.routing(row.domain, host);
        // An unanswered query says nothing: the domain keeps its state until a real answer.
        if (routing.status === 'unanswered') continue;
        if (routing.status === 'points-here') {
          if (row.domainLostAt) await db.update(users).set({ domainLostAt: null }).where(eq(users.id, id));
          continue;
        }
        if (row.domainLostAt) continue;
        await db.update(users).set({ domainLostAt: at }).where(eq(users.id, id));
        // The domain page says so too; the mail goes only to a proven address.
        if (!addressConfirmed(row, config)) continue;
        const mail = domainLostMail({
          domain: row.domain,
          target: host,
          publicUrl: config.publicUrl,
          settingsUrl: `${config.publicUrl}/settings/domain`,
        });
        mailer.send({ to: row.email, ...mail }).catch((error: unknown) => {
          logger.error('The mail about a lost custom domain could not be sent', {
            error: error instanceof Error ? error.message : String(error),
          });
        });
      }
      return checked;
    },
  };
}

export type CustomDomainService = ReturnType<typeof createCustomDomainService>;
