import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';

/**
 * A server that takes no payments: DEFAULT_PLAN says what new accounts get, and the upgrade
 * page's state names whom to ask (SIGNUP_CONTACT), never a command line.
 */
describe('DEFAULT_PLAN', () => {
  it('is free unless set, and pro is refused while Stripe billing is on', () => {
    expect(loadConfig({}).defaultPlan).toBe(0);
    expect(loadConfig({ DEFAULT_PLAN: 'pro' }).defaultPlan).toBe(1);
    expect(() => loadConfig({ DEFAULT_PLAN: 'gold' })).toThrow(/DEFAULT_PLAN/);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_MONTHLY: 'price_1' };
    expect(() => loadConfig({ ...stripe, DEFAULT_PLAN: 'pro' })).toThrow(/DEFAULT_PLAN=pro/);
    expect(loadConfig({ ...stripe, DEFAULT_PLAN: 'free' }).defaultPlan).toBe(0);
  });
});

describe('a server without billing, DEFAULT_PLAN=pro and a contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { DEFAULT_PLAN: 'pro', SIGNUP_CONTACT: 'it@example.com' });
  });
  afterAll(() => server.close());

  it('gives each new account Pro, signed up or made by the administrator, and the administrator can take it back', async () => {
    const person = await server.signUp();
    const account = await server.call('GET', '/api/account', { token: person.access });
    expect(account.body).toMatchObject({ plan: 1, subscribed: true, subscribedStrict: false });
    const made = await server.running.services.admin.createUser({ email: 'made@example.com', password: 'correct horse battery staple' });
    expect(made.plan).toBe(1);
    const taken = await server.running.services.admin.setPlan({ email: person.email, plan: 'free' });
    expect(taken.plan).toBe(0);
  });

  it('names the contact on the upgrade state, with no packages and no command', async () => {
    const person = await server.signUp();
    const state = await server.call('GET', '/api/subscription', { token: person.access });
    expect(state.body).toMatchObject({ enabled: false, contact: 'it@example.com', packages: [] });
    expect(JSON.stringify(state.body)).not.toMatch(/pnpm|npx|set-plan/);
  });
});

describe('a server without billing, by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('starts accounts on Free', async () => {
    const person = await server.signUp();
    expect((await server.call('GET', '/api/account', { token: person.access })).body).toMatchObject({ plan: 0, subscribed: false });
  });
});
