import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, referralClicks, users } from '../db/schema.ts';
import { REFERRAL_COOKIE } from '../http/referral-cookie.ts';
import { commissionOf } from './affiliate-service.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

let server: TestServer;
let referrer: Awaited<ReturnType<TestServer['signUp']>>;
let code: string;

beforeAll(async () => {
  server = await startTestServer('pglite', { TRANSCRIBER: 'none', AFFILIATE_COMMISSION_PERCENT: '20', TRUST_PROXY: 'true' });
  referrer = await server.signUp();
  code = (await server.call('GET', '/api/account', { token: referrer.access })).body.inviteCode;
});
afterAll(async () => {
  await server?.close();
});

const figures = async (token: string) => {
  const reply = await server.call('GET', '/api/affiliate', { token });
  expect(reply.status).toBe(200);
  return reply.body;
};

/** A page visit as a browser makes it: its user agent, its address (through the trusted proxy), and no cookie. */
const visit = (path: string, userAgent: string, address = '203.0.113.1') =>
  fetch(`${server.url}${path}`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': address } });

const referralCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${REFERRAL_COOKIE}=`)) ?? null;

describe('the affiliate programme', () => {
  it('gives each person their link, and figures that start at zero', async () => {
    expect(await figures(referrer.access)).toEqual({
      code,
      link: `${server.running.services.config.publicUrl}/?ref=${code}`,
      clicks: 0,
      signups: 0,
      paying: 0,
      commission: { amount: 0, currency: 'usd', percent: 20 },
    });
    expect((await server.call('GET', '/api/affiliate')).status).toBe(401);
  });

  it('keeps ?ref= in a 60-day first-party cookie on the web app and listen pages, counting a visitor once a day', async () => {
    const home = await visit(`/?ref=${code}`, 'Browser One');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const cookie = referralCookieOf(home);
    expect(cookie).toBe(`${REFERRAL_COOKIE}=${code}; Max-Age=5184000; Path=/; HttpOnly; SameSite=Lax`);

    // The same visitor again the same day, on another page: a cookie again, no second click.
    const again = await visit(`/pricing?utm_source=mail&ref=${code}`, 'Browser One');
    expect(referralCookieOf(again)).not.toBeNull();
    expect((await figures(referrer.access)).clicks).toBe(1);

    const messageId = await ownerMessage(server, referrer.access);
    const listen = await visit(`/listen/${messageId}?ref=${code}`, 'Browser Two', '203.0.113.2');
    expect(listen.status).toBe(200);
    expect(referralCookieOf(listen)).toContain(`${REFERRAL_COOKIE}=${code};`);
    expect((await figures(referrer.access)).clicks).toBe(2);

    // Only the visitor's keyed hash is kept: no address, no user agent.
    const rows = await server.running.services.db.select().from(referralClicks).where(eq(referralClicks.referrerId, referrer.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(row)).not.toMatch(/203\.0\.113|Browser/);
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
    }

    // No code, an unknown one, a file or an API answer: nothing set, nothing counted.
    for (const path of [
      '/?ref=',
      '/?ref=nobody-has-this',
      `/?ref=${'x'.repeat(300)}`,
      `/assets/app-1234.js?ref=${code}`,
      `/api/signup-policy?ref=${code}`,
      `/listen/AAAAAAAAAAAA?ref=${code}`,
    ]) {
      const response = await visit(path, 'Browser Three');
      expect(response.status, path).toBeLessThan(500);
      expect(referralCookieOf(response), path).toBeNull();
    }
    expect((await figures(referrer.access)).clicks).toBe(2);
  });

  it('counts a click per address and day, whatever browser names it gives (issue 23, finding 13)', async () => {
    const before = (await figures(referrer.access)).clicks;
    for (let index = 0; index < 25; index++) {
      const response = await visit(`/?ref=${code}`, `Browser ${index} (X11; Linux x86_64)`, '198.51.100.25');
      expect(referralCookieOf(response)).not.toBeNull();
    }
    expect((await figures(referrer.access)).clicks).toBe(before + 1);
  });

  it('records the referrer of a sign-up that carries the cookie, and never the person themselves', async () => {
    const cookie = `${REFERRAL_COOKIE}=${code}`;
    const signUp = await server.call('POST', '/api/signup', {
      json: { email: `referred-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Referred' },
      headers: { cookie },
    });
    expect(signUp.status).toBe(201);
    const auth = await server.call('POST', '/api/auth', {
      json: { email: `referred-auth-${Date.now()}@example.com`, password: 'correct horse battery' },
      headers: { cookie: `other=1; ${cookie}` },
    });
    expect(auth.status).toBe(201);
    const plain = await server.signUp();
    const { db } = server.running.services;
    const referred = await db.select({ id: users.id }).from(users).where(eq(users.referredBy, referrer.id));
    expect(referred).toHaveLength(2);
    expect((await figures(referrer.access)).signups).toBe(2);
    const [unreferred] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, plain.id));
    expect(unreferred?.referredBy).toBeNull();

    // Signing in again (not a sign-up) with one's own code changes nothing.
    const own = await server.call('POST', '/api/auth', {
      json: { email: referrer.email, password: 'correct horse battery' },
      headers: { cookie },
    });
    expect(own.status).toBe(200);
    const [self] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, referrer.id));
    expect(self?.referredBy).toBeNull();
    // The service refuses a self-referral outright, too.
    expect(await server.running.services.affiliates.recordSignUp(referrer.id, code)).toBe(false);
  });

  it("pays the commission on referred people's paid invoices of their first year", async () => {
    const { db } = server.running.services;
    const [first, second] = await db.select({ id: users.id }).from(users).where(eq(users.referredBy, referrer.id));
    const start = new Date('2026-01-10T10:00:00Z');
    const month = 30 * 86_400_000;
    const invoice = (id: string, userId: number, amountCents: number, paidAt: Date | null) => ({
      id,
      userId,
      amountCents,
      currency: 'usd',
      paid: paidAt !== null,
      status: paidAt ? 'paid' : 'open',
      issuedAt: paidAt ?? start,
      paidAt,
    });
    // The billing webhooks write these rows; here they are written directly, as Stripe's paid invoices would leave them.
    await db.insert(invoices).values([
      invoice('in_first_1', first!.id, 3000, start),
      invoice('in_first_2', first!.id, 3000, new Date(start.getTime() + 6 * month)),
      // Thirteen months after the first payment: outside the year.
      invoice('in_first_3', first!.id, 3000, new Date(start.getTime() + 13 * month)),
      // Not paid: no commission.
      invoice('in_second_open', second!.id, 29900, null),
      // The referrer's own payments earn them nothing.
      invoice('in_referrer', referrer.id, 29900, start),
    ]);
    expect(await figures(referrer.access)).toMatchObject({
      signups: 2,
      paying: 1,
      commission: { amount: 1200, currency: 'usd', percent: 20 },
    });
  });

  it("shows each person their own figures only; there is no way to name another's", async () => {
    const stranger = await server.signUp();
    const strangerCode = (await server.call('GET', '/api/account', { token: stranger.access })).body.inviteCode;
    for (const path of ['/api/affiliate', `/api/affiliate?code=${code}`, `/api/affiliate?ref=${code}&user=${referrer.id}`]) {
      const reply = await server.call('GET', path, { token: stranger.access });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ code: strangerCode, clicks: 0, signups: 0, paying: 0, commission: { amount: 0 } });
      expect(JSON.stringify(reply.body)).not.toContain(code);
    }
  });
});

describe('the commission', () => {
  it('counts the currency most was paid in, rounded down to the cent', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    expect(
      commissionOf(
        [
          { userId: 1, amountCents: 999, currency: 'EUR', paidAt: at(1), issuedAt: at(1) },
          { userId: 2, amountCents: 100, currency: 'usd', paidAt: at(2), issuedAt: at(2) },
        ],
        15,
      ),
    ).toEqual({ amount: 149, currency: 'eur', percent: 15 });
    expect(commissionOf([], 20)).toEqual({ amount: 0, currency: 'usd', percent: 20 });
  });
});

describe('the referral cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await startTestServer('pglite', { TRANSCRIBER: 'none', PUBLIC_URL: 'https://vocal.example' });
    try {
      const person = await secure.signUp();
      const personCode = (await secure.call('GET', '/api/account', { token: person.access })).body.inviteCode;
      const home = await fetch(`${secure.url}/?ref=${personCode}`);
      expect(referralCookieOf(home)).toBe(`${REFERRAL_COOKIE}=${personCode}; Max-Age=5184000; Path=/; HttpOnly; Secure; SameSite=Lax`);
      expect((await secure.call('GET', '/api/affiliate', { token: person.access })).body.link).toBe(
        `https://vocal.example/?ref=${personCode}`,
      );
    } finally {
      await secure.close();
    }
  });
});
