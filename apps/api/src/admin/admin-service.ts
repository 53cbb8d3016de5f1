import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { credentialsSchema, PLAN_IDS } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { conflict, notFound } from '../http/http-error.ts';
import { newInviteCode } from '../common/ids.ts';
import { acceptablePasswordSchema } from '../accounts/password-policy.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { PlanService } from '../billing/plan-service.ts';

/** "free", "pro" or a plan number. */
export const planArgumentSchema = z
  .union([z.enum(['free', 'pro']), z.coerce.number().int().min(0).max(9)], {
    error: 'plan must be free, pro or a plan number',
  })
  .transform((plan) => (typeof plan === 'number' ? plan : PLAN_IDS[plan]));

export const adminCreateUserSchema = credentialsSchema.extend({
  password: acceptablePasswordSchema,
  name: z.string().trim().max(100).optional(),
  /** Unset: DEFAULT_PLAN. */
  plan: planArgumentSchema.optional(),
});

export const adminSetPlanSchema = z.object({
  email: z.string().trim().toLowerCase(),
  plan: planArgumentSchema,
});

export type AdminUser = { id: number; email: string; name: string; plan: number; createdAt: string };

/** What a self-hoster can do from the command line. */
export function createAdminService(options: { db: Database; config: Config; plans: PlanService }) {
  const { db, config, plans } = options;
  const summary = (row: typeof users.$inferSelect): AdminUser => ({
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async listUsers(): Promise<AdminUser[]> {
      const rows = await db.select().from(users).orderBy(asc(users.id));
      return rows.map(summary);
    },

    async createUser(input: z.input<typeof adminCreateUserSchema>): Promise<AdminUser> {
      const user = adminCreateUserSchema.parse(input);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
      if (existing) throw conflict(`A user with the email ${user.email} already exists`);
      const plan = user.plan ?? config.defaultPlan;
      const [row] = await db
        .insert(users)
        .values({
          email: user.email,
          passwordHash: await hashPassword(user.password, config.scryptCost),
          name: user.name ?? '',
          plan,
          adminPlan: plan,
          subscribed: plan > 0,
          inviteCode: newInviteCode(),
        })
        .returning();
      if (!row) throw new Error('The user could not be created');
      return summary(row);
    },

    async setPlan(input: z.input<typeof adminSetPlanSchema>): Promise<AdminUser> {
      const { email, plan } = adminSetPlanSchema.parse(input);
      const [given] = await db.update(users).set({ adminPlan: plan }).where(eq(users.email, email)).returning({ id: users.id });
      if (!given) throw notFound(`No user has the email ${email}`);
      // The effective plan also counts a subscription, a coupon or a team the person has.
      await plans.recompute(given.id);
      const [row] = await db.select().from(users).where(eq(users.id, given.id));
      if (!row) throw notFound(`No user has the email ${email}`);
      return summary(row);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
