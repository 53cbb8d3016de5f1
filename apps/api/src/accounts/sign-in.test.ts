import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, noAccountYet } from '@vocal/settings-model';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

const PASSWORD = 'correct horse battery';
let counter = 0;
const newEmail = () => `signin-${++counter}-${Date.now()}@example.com`;

describe.each(embeddedBackend)('sign-in and sign-up on %s', (backend) => {
  const server = serverForSuite(backend);

  it('POST /signin never creates: an unknown email is a 404 saying there is no account yet, a wrong password a 401', async () => {
    const known = await server.signUp();
    const unknownEmail = newEmail();
    const unknown = await server.call('POST', '/api/signin', { json: { email: unknownEmail, password: PASSWORD } });
    const wrong = await server.call('POST', '/api/signin', { json: { email: known.email, password: 'not the password' } });
    expect(unknown).toMatchObject({ status: 404, body: { msg: noAccountYet(unknownEmail) } });
    expect(wrong).toMatchObject({ status: 401, body: { msg: SIGN_IN_FAILED } });
    // Still no account: POST /auth now creates it (201), which it would not for an existing one.
    expect((await server.call('POST', '/api/auth', { json: { email: unknownEmail, password: PASSWORD } })).status).toBe(201);
    const right = await server.call('POST', '/api/signin', { json: { email: known.email.toUpperCase(), password: PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('POST /signup creates the account with its display name, which the public user shows', async () => {
    const email = newEmail();
    const created = await server.call('POST', '/api/signup', { json: { email, password: PASSWORD, name: '  Ada Lovelace ' } });
    expect(created.status).toBe(201);
    const account = await server.call('GET', '/api/account', { token: created.body.access_token });
    expect(account.body).toMatchObject({ email, name: 'Ada Lovelace' });
    const shared = await server.call('GET', `/api/share/${account.body.inviteCode}`);
    expect(shared.body.name).toBe('Ada Lovelace');
  });

  it('POST /signup for an existing email reveals no more than sign-in: its password signs in, another gets the same 401', async () => {
    const known = await server.signUp();
    const wrong = await server.call('POST', '/api/signup', { json: { email: known.email, password: 'not the password', name: 'Mallory' } });
    expect(wrong).toMatchObject({ status: 401, body: { msg: SIGN_IN_FAILED } });
    const right = await server.call('POST', '/api/signup', { json: { email: known.email, password: PASSWORD, name: 'Mallory' } });
    expect(right.status).toBe(200);
    // Signing in did not rename the account.
    expect((await server.call('GET', '/api/account', { token: right.body.access_token })).body.name).toBe('You');
  });

  it('POST /signup refuses a missing name and a common password, and creates nothing', async () => {
    const email = newEmail();
    expect(await server.call('POST', '/api/signup', { json: { email, password: PASSWORD, name: '   ' } })).toMatchObject({
      status: 400,
      body: { msg: 'name: is required' },
    });
    expect(await server.call('POST', '/api/signup', { json: { email, password: 'password1', name: 'Ada' } })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^password: is one of the most common passwords/) },
    });
    expect((await server.call('POST', '/api/signin', { json: { email, password: PASSWORD } })).status).toBe(404);
  });

  it('GET /signup-policy says sign-up is open by default', async () => {
    expect(await server.call('GET', '/api/signup-policy')).toMatchObject({ status: 200, body: { signup: 'open', contact: null } });
  });
});

describe.each(embeddedBackend)('SIGNUP closed and invite on %s', (backend) => {
  let closed: TestServer;
  let invite: TestServer;
  beforeAll(async () => {
    [closed, invite] = await Promise.all([
      startTestServer(backend, { SIGNUP: 'closed', SIGNUP_CONTACT: 'it@example.com' }),
      startTestServer(backend, { SIGNUP: 'invite' }),
    ]);
  });
  afterAll(() => Promise.all([closed?.close(), invite?.close()]));

  it('refuses new accounts on /auth and /signup with a 403 that says whom to ask; existing accounts still sign in', async () => {
    const closedMessage = 'Sign-up is closed on this server. Ask it@example.com for an account.';
    const email = newEmail();
    expect(await closed.call('POST', '/api/auth', { json: { email, password: PASSWORD } })).toMatchObject({
      status: 403,
      body: { msg: closedMessage },
    });
    expect(await closed.call('POST', '/api/signup', { json: { email, password: PASSWORD, name: 'Ada' } })).toMatchObject({
      status: 403,
      body: { msg: closedMessage },
    });
    expect((await closed.call('POST', '/api/signin', { json: { email, password: PASSWORD } })).status).toBe(404);
    expect(await closed.call('GET', '/api/signup-policy')).toMatchObject({ body: { signup: 'closed', contact: 'it@example.com' } });

    // The administrator's account (admin users create) signs in through every path.
    await closed.running.services.admin.createUser({ email, password: PASSWORD });
    expect((await closed.call('POST', '/api/auth', { json: { email, password: PASSWORD } })).status).toBe(200);
    expect((await closed.call('POST', '/api/signin', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('invite: only the administrator (or, later, a team invite) makes accounts', async () => {
    const refused = await invite.call('POST', '/api/signup', { json: { email: newEmail(), password: PASSWORD, name: 'Ada' } });
    expect(refused).toMatchObject({
      status: 403,
      body: { msg: 'New accounts on this server are by invitation only. Ask the administrator of this server for an account.' },
    });
    expect(await invite.call('GET', '/api/signup-policy')).toMatchObject({ body: { signup: 'invite', contact: null } });
  });
});
