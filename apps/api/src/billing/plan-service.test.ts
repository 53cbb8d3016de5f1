import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, subscriptions, users } from '../db/schema.ts';
import { openTestDatabase } from '../../test/harness/test-database.ts';
import { newInviteCode } from '../common/ids.ts';
import { createPlanService } from './plan-service.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let clock = new Date('2026-11-01T12:00:00Z');
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(() => database.drop());

async function person(email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(users)
    .values({ email, passwordHash: 'x', inviteCode: newInviteCode(), ...values })
    .returning({ id: users.id });
  return row!.id;
}

async function account(id: number) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const plans = () => createPlanService({ db: database.db, now: () => clock });

describe('the effective plan', () => {
  it('is the best of an administrator plan, a live subscription and a running coupon', async () => {
    const id = await person('sources@example.com');
    await plans().recompute(id);
    expect(await account(id)).toMatchObject({ plan: 0, subscribed: false, subscribedStrict: false });

    await database.db.insert(subscriptions).values({ id: 'sub_1', userId: id, customerId: 'cus_1', status: 'active', eventAt: clock });
    await plans().recompute(id);
    expect(await account(id)).toMatchObject({ plan: 1, subscribed: true, subscribedStrict: true });

    await database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, 'sub_1'));
    await plans().recompute(id);
    expect(await account(id)).toMatchObject({ plan: 0, subscribed: false, subscribedStrict: false });

    await database.db.update(users).set({ adminPlan: 1 }).where(eq(users.id, id));
    await plans().recompute(id);
    expect(await account(id)).toMatchObject({ plan: 1, subscribed: true, subscribedStrict: false });
  });

  it('ends with the coupon that gave it, through the sweep or the next signed-in request', async () => {
    const id = await person('coupon@example.com');
    const until = new Date(clock.getTime() + 30 * day);
    await database.db.insert(couponRedemptions).values({ userId: id, code: 'THIRTY', source: 'local', plan: 1, planUntil: until });
    await plans().recompute(id);
    expect(await account(id)).toMatchObject({ plan: 1, planReviewAt: until });
    expect(await plans().reviewIfDue(await account(id))).toBe(false);

    clock = new Date(until.getTime() + 1);
    expect(await plans().reviewIfDue(await account(id))).toBe(true);
    expect(await account(id)).toMatchObject({ plan: 0, planReviewAt: null });
    expect(await plans().reviewDue()).toBe(0);
  });

  it("follows the team owner's own plan, not the owner's team, and updates members with the owner", async () => {
    const owner = await person('owner@example.com');
    const member = await person('member@example.com', { teamOwnerId: owner });
    const memberOfMember = await person('nested@example.com', { teamOwnerId: member });
    await database.db.update(users).set({ adminPlan: 1 }).where(eq(users.id, owner));
    await plans().recompute(owner);
    await plans().recompute(member);
    expect((await account(member)).plan).toBe(1);
    // Pro through a team does not pass on to a team of one's own.
    await plans().recompute(memberOfMember);
    expect((await account(memberOfMember)).plan).toBe(0);

    await database.db.update(users).set({ adminPlan: 0 }).where(eq(users.id, owner));
    await plans().recompute(owner);
    expect((await account(member)).plan).toBe(0);

    await database.db.update(users).set({ adminPlan: 1 }).where(eq(users.id, owner));
    await plans().recompute(owner);
    await database.db.update(users).set({ teamOwnerId: null }).where(eq(users.id, member));
    await plans().recompute(member);
    expect((await account(member)).plan).toBe(0);
  });

  it("reviews a member's plan when the owner's coupon ends", async () => {
    const owner = await person('coupon-owner@example.com');
    const member = await person('coupon-member@example.com', { teamOwnerId: owner });
    const until = new Date(clock.getTime() + 7 * day);
    await database.db.insert(couponRedemptions).values({ userId: owner, code: 'WEEK', source: 'local', plan: 1, planUntil: until });
    await plans().recompute(owner);
    expect(await account(member)).toMatchObject({ plan: 1, planReviewAt: until });

    clock = new Date(until.getTime() + 1);
    expect(await plans().reviewDue()).toBe(2);
    expect((await account(owner)).plan).toBe(0);
    expect((await account(member)).plan).toBe(0);
  });
});
