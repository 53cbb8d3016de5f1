import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { couponCodeSchema, PLAN_IDS, type CouponResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { couponRedemptions, coupons } from '../db/schema.ts';
import { badRequest, conflict, gone, notFound } from '../http/http-error.ts';
import { planArgumentSchema } from '../admin/admin-service.ts';
import type { PromotionCode } from './billing-service.ts';
import type { PlanService } from './plan-service.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const COUPON_UNKNOWN = 'There is no coupon with this code. Check the spelling, or ask whoever gave it to you.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_EXHAUSTED = 'This coupon has been redeemed as many times as it allows.';
export const COUPON_ALREADY_USED = 'You have already redeemed this coupon on this account.';

/** A date an administrator types (2027-01-31): the coupon works until the end of that day, UTC. */
const expiryArgumentSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date as YYYY-MM-DD' })
  .transform((day, context) => {
    const end = new Date(`${day}T23:59:59.999Z`);
    if (Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== day) {
      context.addIssue({ code: 'custom', message: 'not a real date' });
      return z.NEVER;
    }
    return end;
  });

export const adminCreateCouponSchema = z.object({
  code: couponCodeSchema,
  plan: planArgumentSchema.default(PLAN_IDS.pro).refine((plan) => plan > 0, { error: 'a coupon gives a paid plan, not free' }),
  days: z.coerce.number({ error: 'a whole number of days' }).int().min(1).max(3660),
  maxRedemptions: z.coerce.number({ error: 'a whole number' }).int().min(1).max(10_000_000).optional(),
  expires: expiryArgumentSchema.optional(),
});

export const adminCouponCodeSchema = z.object({ code: couponCodeSchema });

export type AdminCoupon = {
  code: string;
  plan: number;
  days: number;
  maxRedemptions: number | null;
  redemptions: number;
  expiresAt: string | null;
  createdAt: string;
};

const summary = (row: typeof coupons.$inferSelect): AdminCoupon => ({
  code: row.code,
  plan: row.plan,
  days: row.days,
  maxRedemptions: row.maxRedemptions,
  redemptions: row.redemptions,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const planName = (plan: number) => (plan === PLAN_IDS.pro ? 'Pro' : `Plan ${plan}`);

/** 25 December 2026, as the answer and the redeem page say it. */
const dayInWords = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const COUPON_INACTIVE = 'This coupon is no longer active.';

/** A Stripe promotion code's discount in words: "20% off the first payment", "5.00 EUR off for 3 months". */
export function discountInWords(promotion: PromotionCode): string {
  const amount =
    promotion.percentOff !== null
      ? `${promotion.percentOff}% off`
      : `${((promotion.amountOff ?? 0) / 100).toFixed(2)}${promotion.currency ? ` ${promotion.currency}` : ''} off`;
  if (promotion.duration === 'once') return `${amount} the first payment`;
  if (promotion.duration === 'repeating' && promotion.durationInMonths) {
    return `${amount} for ${promotion.durationInMonths} month${promotion.durationInMonths === 1 ? '' : 's'}`;
  }
  return `${amount} every payment`;
}

/** Thrown inside the redemption's transaction so it rolls back; answered as its HttpError. */
class Refusal extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

/**
 * Local coupons: an administrator makes them (`pnpm admin coupons create`), a person redeems
 * one once for a plan that lasts its days. The plan itself is the plan service's to work out
 * from the redemption row (plans.recompute), so it ends on its own when the days run out.
 */
export function createCouponService(options: {
  db: Database;
  plans: PlanService;
  /** Stripe promotion codes (billing's findPromotionCode: null when billing is off); asked for codes no local coupon has. */
  findPromotionCode?: (code: string) => Promise<PromotionCode | null>;
  now?: () => Date;
}) {
  const { db, plans } = options;
  const now = options.now ?? (() => new Date());
  const byCode = (code: string) => sql`lower(${coupons.code}) = lower(${code})`;

  async function redeemLocal(userId: number, code: string): Promise<CouponResponse | null> {
    const at = now();
    let granted: { code: string; plan: number; days: number; until: Date } | null;
    try {
      granted = await db.transaction(async (transaction) => {
        const [coupon] = await transaction.select().from(coupons).where(byCode(code));
        if (!coupon) return null;
        if (coupon.expiresAt && coupon.expiresAt <= at) throw new Refusal(gone(COUPON_EXPIRED));
        const [used] = await transaction
          .select({ id: couponRedemptions.id })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.userId, userId), sql`lower(${couponRedemptions.code}) = lower(${coupon.code})`));
        if (used) throw new Refusal(conflict(COUPON_ALREADY_USED));
        // The count and its limit in one statement: of two people taking the last seat at once,
        // one update matches and the other finds the row already full.
        const [seat] = await transaction
          .update(coupons)
          .set({ redemptions: sql`${coupons.redemptions} + 1` })
          .where(
            and(eq(coupons.id, coupon.id), or(isNull(coupons.maxRedemptions), lt(coupons.redemptions, sql`${coupons.maxRedemptions}`))),
          )
          .returning({ id: coupons.id });
        if (!seat) throw new Refusal(conflict(COUPON_EXHAUSTED));
        const until = new Date(at.getTime() + coupon.days * DAY_MS);
        await transaction
          .insert(couponRedemptions)
          .values({ userId, code: coupon.code, source: 'local', couponId: coupon.id, plan: coupon.plan, planUntil: until });
        return { code: coupon.code, plan: coupon.plan, days: coupon.days, until };
      });
    } catch (error) {
      if (error instanceof Refusal) throw error.error;
      // The same person redeeming the same code twice at once: the second insert meets the unique index.
      if (isUniqueViolation(error)) throw conflict(COUPON_ALREADY_USED);
      throw error;
    }
    if (!granted) return null;
    await plans.recompute(userId);
    return {
      kind: 'plan',
      coupon: granted.code,
      plan: granted.plan,
      planName: planName(granted.plan),
      days: granted.days,
      until: granted.until.toISOString(),
      msg: `${planName(granted.plan)} until ${dayInWords(granted.until)}.`,
    };
  }

  return {
    /**
     * POST /coupon. A local coupon is tried first (an administrator made it on purpose, billing
     * or not); otherwise, with billing on, a Stripe promotion code is looked up and handed to the
     * checkout, where Stripe applies it (and counts its own redemption limits).
     */
    async redeem(userId: number, input: string): Promise<CouponResponse> {
      const code = input.trim();
      if (!code) throw badRequest('coupon: enter a coupon code');
      const local = await redeemLocal(userId, code);
      if (local) return local;
      const promotion = options.findPromotionCode ? await options.findPromotionCode(code) : null;
      if (!promotion) throw notFound(COUPON_UNKNOWN);
      if (promotion.expiresAt && promotion.expiresAt <= now()) throw gone(COUPON_EXPIRED);
      if (!promotion.active) throw gone(COUPON_INACTIVE);
      if (promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions) throw conflict(COUPON_EXHAUSTED);
      const [used] = await db
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.userId, userId), sql`lower(${couponRedemptions.code}) = lower(${promotion.code})`));
      if (used) throw conflict(COUPON_ALREADY_USED);
      const discount = discountInWords(promotion);
      return {
        kind: 'discount',
        coupon: promotion.code,
        discount,
        next: `/upgrade?coupon=${encodeURIComponent(promotion.code)}`,
        msg: `${discount} of Pro. Choose monthly or yearly to take it.`,
      };
    },

    async list(): Promise<AdminCoupon[]> {
      return (await db.select().from(coupons).orderBy(asc(coupons.id))).map(summary);
    },

    /** `coupon` as adminCreateCouponSchema parsed it (the route answers 400, the command prints the issues). */
    async create(coupon: z.output<typeof adminCreateCouponSchema>): Promise<AdminCoupon> {
      try {
        const [row] = await db
          .insert(coupons)
          .values({
            code: coupon.code,
            plan: coupon.plan,
            days: coupon.days,
            maxRedemptions: coupon.maxRedemptions ?? null,
            expiresAt: coupon.expires ?? null,
          })
          .returning();
        if (!row) throw new Error('The coupon could not be created');
        return summary(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A coupon with the code ${coupon.code} already exists`);
        throw error;
      }
    },

    /** Ends a coupon now: no one can redeem it any more; what it gave runs its course. */
    async disable(input: z.input<typeof adminCouponCodeSchema>): Promise<AdminCoupon> {
      const { code } = adminCouponCodeSchema.parse(input);
      const [row] = await db.update(coupons).set({ expiresAt: now() }).where(byCode(code)).returning();
      if (!row) throw notFound(`No coupon has the code ${code}`);
      return summary(row);
    },

    /** Removes a coupon; the redemptions it made stay (and keep their plan until their end). */
    async remove(input: z.input<typeof adminCouponCodeSchema>): Promise<AdminCoupon> {
      const { code } = adminCouponCodeSchema.parse(input);
      const [row] = await db.delete(coupons).where(byCode(code)).returning();
      if (!row) throw notFound(`No coupon has the code ${code}`);
      return summary(row);
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
