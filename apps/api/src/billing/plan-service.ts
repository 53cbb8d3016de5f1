import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { couponRedemptions, subscriptions, users } from '../db/schema.ts';

/** Stripe statuses that keep Pro: paying, in a trial, or retrying a failed payment. */
export const PLAN_GIVING_STATUSES = ['active', 'trialing', 'past_due'] as const;

type Grant = { plan: number; until: Date | null };
type OwnPlan = { plan: number; paying: boolean; reviewAt: Date | null };

const PRO = 1;

/**
 * The effective plan of an account, kept in `users.plan` (which every feature check reads):
 * the best of what an administrator gave, a live Stripe subscription, a redeemed coupon still
 * running, and the own plan of the owner whose team the person is in. Whoever changes one of
 * these sources calls `recompute`; grants that end with time set `plan_review_at`, and
 * `reviewDue` (the periodic sweep, and a signed-in request) works those plans out again.
 */
export function createPlanService(options: { db: Database; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** What the person has by themselves, not through a team. */
  async function ownPlan(userId: number, at: Date): Promise<OwnPlan | null> {
    const [user] = await db.select({ adminPlan: users.adminPlan }).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const [live] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.userId, userId), eq(subscriptions.product, 'pro'), inArray(subscriptions.status, [...PLAN_GIVING_STATUSES])),
      )
      .limit(1);
    const coupons: Grant[] = await db
      .select({ plan: couponRedemptions.plan, until: couponRedemptions.planUntil })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.userId, userId), isNotNull(couponRedemptions.planUntil), gt(couponRedemptions.planUntil, at)));
    let plan = user.adminPlan;
    if (live) plan = Math.max(plan, PRO);
    let reviewAt: Date | null = null;
    for (const grant of coupons) {
      plan = Math.max(plan, grant.plan);
      if (grant.until && (!reviewAt || grant.until < reviewAt)) reviewAt = grant.until;
    }
    return { plan, paying: Boolean(live), reviewAt };
  }

  async function writeEffective(userId: number, at: Date): Promise<void> {
    const own = await ownPlan(userId, at);
    if (!own) return;
    const [row] = await db.select({ teamOwnerId: users.teamOwnerId }).from(users).where(eq(users.id, userId));
    const team = row?.teamOwnerId ? await ownPlan(row.teamOwnerId, at) : null;
    const plan = Math.max(own.plan, team?.plan ?? 0);
    const reviews = [own.reviewAt, team?.reviewAt ?? null].filter((date): date is Date => date !== null);
    const reviewAt = reviews.length ? new Date(Math.min(...reviews.map((date) => date.getTime()))) : null;
    await db
      .update(users)
      // subscribed: has a paid plan by any route; subscribedStrict: pays for it themselves.
      .set({ plan, subscribed: plan > 0, subscribedStrict: own.paying, planReviewAt: reviewAt })
      .where(eq(users.id, userId));
  }

  /** Works out the person's plan again, and their team members' (whose plan follows theirs). */
  async function recompute(userId: number): Promise<void> {
    const at = now();
    await writeEffective(userId, at);
    const members = await db.select({ id: users.id }).from(users).where(eq(users.teamOwnerId, userId));
    for (const member of members) await writeEffective(member.id, at);
  }

  return {
    recompute,

    /** The plans whose time-bound grant has ended: worked out again. Returns how many. */
    async reviewDue(): Promise<number> {
      const due = await db
        .select({ id: users.id })
        .from(users)
        .where(and(isNotNull(users.planReviewAt), lte(users.planReviewAt, now())));
      for (const user of due) await recompute(user.id);
      return due.length;
    },

    /** For a loaded account: true when its plan was due a review and has been worked out again. */
    async reviewIfDue(user: { id: number; planReviewAt: Date | null }): Promise<boolean> {
      if (!user.planReviewAt || user.planReviewAt > now()) return false;
      await recompute(user.id);
      return true;
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
