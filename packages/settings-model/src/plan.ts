import { z } from 'zod';
import { LIMITS, PRICES } from './constants.ts';

export const PLAN_PERIODS = ['Monthly', 'Yearly', 'Lifetime'] as const;
export const planPeriodSchema = z.enum(PLAN_PERIODS);
export type PlanPeriod = z.infer<typeof planPeriodSchema>;

export const planPackageSchema = z.object({
  key: z.string(),
  period: planPeriodSchema,
  price: z.number().nonnegative(),
  /** Yearly only: per cent saved against twelve monthly payments. */
  savings: z.number().optional(),
});
export type PlanPackage = z.infer<typeof planPackageSchema>;

export const planSchema = z.object({
  name: z.string(),
  traits: z.array(z.string()),
  shortTraits: z.array(z.string()),
  features: z.array(z.string()),
  packages: z.array(planPackageSchema),
});
export type Plan = z.infer<typeof planSchema>;

/** Per cent saved by paying `yearly` once instead of `monthly` twelve times, rounded. */
export function yearlySavings(monthly: number, yearly: number): number {
  const twelveMonths = monthly * 12;
  if (twelveMonths <= 0) return 0;
  return Math.round((1 - yearly / twelveMonths) * 100);
}

/** The price shown for a package: Lifetime is always 0 in display (spec section 9). */
export function displayPrice(pack: PlanPackage): number {
  return pack.period === 'Lifetime' ? PRICES.lifetime : pack.price;
}

/** A plan's headline price: 0 for a plan without packages (the free plan). */
export function planPrice(plan: Plan, period: PlanPeriod = 'Monthly'): number {
  const pack = plan.packages.find((candidate) => candidate.period === period);
  return pack ? displayPrice(pack) : 0;
}

export const FREE_PLAN: Plan = {
  name: 'Free',
  traits: [
    `Record up to ${LIMITS.free.maxRecordingSeconds / 60} minute`,
    `${LIMITS.free.messagesPerMonth} messages per month`,
    'Basic contact form',
  ],
  shortTraits: ['1 minute', `${LIMITS.free.messagesPerMonth} messages / month`],
  features: ['No customization', 'No pausing', 'Branding on listen pages'],
  packages: [],
};

export const PRO_PLAN: Plan = {
  name: 'Pro',
  traits: ['Unlimited recording length', 'Unlimited messages', 'Transcription'],
  shortTraits: ['Unlimited', 'Transcripts'],
  features: [
    'Custom domain via CNAME',
    'Folders',
    'Theme customization',
    'Team members',
    'Listen analytics',
    'Call to action',
    'Transcription',
  ],
  packages: [
    { key: 'pro-monthly', period: 'Monthly', price: PRICES.proMonthly },
    {
      key: 'pro-yearly',
      period: 'Yearly',
      price: PRICES.proYearly,
      savings: yearlySavings(PRICES.proMonthly, PRICES.proYearly),
    },
  ],
};

export const PLANS = [FREE_PLAN, PRO_PLAN] as const;
