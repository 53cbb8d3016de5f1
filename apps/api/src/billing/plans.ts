import { isProPlan, limitsForPlan } from '@vocal/settings-model';

export const isPro = (user: { plan: number }) => isProPlan(user.plan);

export const limitsFor = (user: { plan: number }) => limitsForPlan(user.plan);

/** Messages the person may send this calendar month: FREE_MESSAGES_PER_MONTH on Free, null (no limit) on Pro. */
export const monthlyMessageAllowance = (user: { plan: number }, config: { freeMessagesPerMonth: number }): number | null =>
  limitsFor(user).messagesPerMonth === null ? null : config.freeMessagesPerMonth;

/** Start of the current calendar month in UTC: monthly message counts reset then. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
