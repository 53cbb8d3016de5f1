import { isProPlan, limitsForPlan } from '@vocal/settings-model';

export const isPro = (user: { plan: number }) => isProPlan(user.plan);

export const limitsFor = (user: { plan: number }) => limitsForPlan(user.plan);

/** Start of the current calendar month in UTC: monthly message counts reset then. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
