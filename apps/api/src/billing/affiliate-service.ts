import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AffiliateResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { invoices, referralClicks, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { notFound } from '../http/http-error.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';

/** A referral code as it may appear in ?ref= (a user's share code): anything else is ignored unread. */
export const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The currency shown before any referred person has paid (Stripe's prices name theirs). */
const DEFAULT_CURRENCY = 'usd';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type PaidInvoice = { userId: number; amountCents: number; currency: string; paidAt: Date | null; issuedAt: Date };

/**
 * The commission on `paid`: `percent` of each referred person's payments made within a year of
 * their first one, in the currency most of it was paid in (a server's prices share one).
 */
export function commissionOf(paid: PaidInvoice[], percent: number): { amount: number; currency: string; percent: number } {
  const firstPayment = new Map<number, number>();
  const when = (invoice: PaidInvoice) => (invoice.paidAt ?? invoice.issuedAt).getTime();
  for (const invoice of paid) {
    const first = firstPayment.get(invoice.userId);
    if (first === undefined || when(invoice) < first) firstPayment.set(invoice.userId, when(invoice));
  }
  const totals = new Map<string, number>();
  for (const invoice of paid) {
    if (when(invoice) >= firstPayment.get(invoice.userId)! + YEAR_MS) continue;
    const currency = invoice.currency.toLowerCase();
    totals.set(currency, (totals.get(currency) ?? 0) + invoice.amountCents);
  }
  const [currency, total] = [...totals].sort((left, right) => right[1] - left[1])[0] ?? [DEFAULT_CURRENCY, 0];
  return { amount: Math.floor((total * percent) / 100), currency, percent };
}

/**
 * The affiliate programme. A person's referral code is their share code (users.inviteCode,
 * already public in their share link); a visit with ?ref=CODE is counted once per client
 * address and day under a keyed hash of the address, as listens are (the User-Agent is whatever
 * the client says: 25 browser names from one address were 25 clicks), and the sign-up it leads
 * to names its referrer.
 */
export function createAffiliateService(options: { db: Database; config: Config; now?: () => Date }) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const visitorHash = createKeyedHash(db, 'referral-visitors');

  async function referrerOf(code: string): Promise<{ id: number; code: string } | null> {
    if (!REFERRAL_CODE.test(code)) return null;
    const [row] = await db.select({ id: users.id, code: users.inviteCode }).from(users).where(eq(users.inviteCode, code));
    return row ?? null;
  }

  return {
    referrerOf,

    /** A visit through a referral link: counted once per address and day. The referrer's code, or null for no one's. */
    async click(code: string, visitor: { address: string }): Promise<string | null> {
      const referrer = await referrerOf(code);
      if (!referrer) return null;
      const day = now().toISOString().slice(0, 10);
      const hash = await visitorHash(visitor.address);
      await db.insert(referralClicks).values({ referrerId: referrer.id, visitorHash: hash, day }).onConflictDoNothing();
      return referrer.code;
    },

    /** A new account made after a referral link: it names its referrer, never itself, and only once. */
    async recordSignUp(userId: number, code: string | undefined): Promise<boolean> {
      if (!code) return false;
      const referrer = await referrerOf(code);
      if (!referrer || referrer.id === userId) return false;
      const updated = await db
        .update(users)
        .set({ referredBy: referrer.id })
        .where(and(eq(users.id, userId), isNull(users.referredBy)))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /** GET /affiliate: the caller's own link and figures, and nobody else's. */
    async figures(userId: number): Promise<AffiliateResponse> {
      const [me] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
      if (!me) throw notFound('Account not found');
      const [clicks] = await db.select({ value: count() }).from(referralClicks).where(eq(referralClicks.referrerId, userId));
      const [signups] = await db.select({ value: count() }).from(users).where(eq(users.referredBy, userId));
      const referred = db.select({ id: users.id }).from(users).where(eq(users.referredBy, userId));
      const paid: PaidInvoice[] = await db
        .select({
          userId: invoices.userId,
          amountCents: invoices.amountCents,
          currency: invoices.currency,
          paidAt: invoices.paidAt,
          issuedAt: invoices.issuedAt,
        })
        .from(invoices)
        .where(and(inArray(invoices.userId, referred), eq(invoices.paid, true)));
      return {
        code: me.code,
        link: `${config.publicUrl}/?ref=${encodeURIComponent(me.code)}`,
        clicks: clicks?.value ?? 0,
        signups: signups?.value ?? 0,
        paying: new Set(paid.filter((invoice) => invoice.amountCents > 0).map((invoice) => invoice.userId)).size,
        commission: commissionOf(paid, config.affiliateCommissionPercent),
      };
    },
  };
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;
