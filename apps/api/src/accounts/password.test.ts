import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResets } from '../db/schema.ts';
import { RESET_REQUESTED } from './password-routes.ts';
import { RESET_LINK_SPENT } from './password-reset-service.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
let counter = 0;
const newEmail = () => `reset-${++counter}-${Date.now()}@example.com`;

describe.each(embeddedBackend)('password reset and change on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ SMTP_URL: smtp.url }));

  const signIn = (email: string, password: string) => server.call('POST', '/api/signin', { json: { email, password } });
  const tokenIn = (text: string) => {
    const token = /\/reset-password#token=([\w-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`No reset link in: ${text}`);
    return token;
  };

  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const user = await server.signUp();
    const stranger = newEmail();
    const known = await server.call('POST', '/api/password/forgot', { json: { email: user.email } });
    const unknown = await server.call('POST', '/api/password/forgot', { json: { email: stranger } });
    expect(known).toEqual({ ...known, status: 200, body: { ok: true, msg: RESET_REQUESTED } });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.status).toBe(known.status);
    const mail = await smtp.waitFor((candidate) => candidate.to.includes(user.email));
    expect(mail.subject).toBe('Reset your Vocal password');
    expect(mail.text).toContain('The link works once, for 60 minutes');
    // Only a hash of the token is stored.
    const token = tokenIn(mail.text);
    const rows = await server.running.services.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.filter((row) => row.userId === user.id)).toHaveLength(1);
    // The stranger's request left no row and no mail (the known address's mail came after it was sent).
    expect(smtp.messages.some((candidate) => candidate.to.includes(stranger))).toBe(false);
  });

  it('a link sets a new password once, signs out every session, and is refused after', async () => {
    const user = await server.signUp();
    await server.call('POST', '/api/password/forgot', { json: { email: user.email } });
    const token = tokenIn((await smtp.waitFor((mail) => mail.to.includes(user.email))).text);

    expect(await server.call('POST', '/api/password/reset/check', { json: { token } })).toMatchObject({ status: 200 });
    // A refused password does not spend the link.
    expect(await server.call('POST', '/api/password/reset', { json: { token, password: 'password1' } })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^password: is one of the most common passwords/) },
    });
    expect(await server.call('POST', '/api/password/reset', { json: { token, password: NEW_PASSWORD } })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(401);
    expect((await server.call('POST', '/api/refresh', { token: user.refresh })).status).toBe(401);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    for (const path of ['/api/password/reset/check', '/api/password/reset']) {
      expect(await server.call('POST', path, { json: { token, password: 'another fresh passphrase' } })).toMatchObject({
        status: 400,
        body: { msg: RESET_LINK_SPENT },
      });
    }
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link and one that was never sent', async () => {
    const user = await server.signUp();
    await server.call('POST', '/api/password/forgot', { json: { email: user.email } });
    const token = tokenIn((await smtp.waitFor((mail) => mail.to.includes(user.email))).text);
    await server.running.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect(await server.call('POST', '/api/password/reset', { json: { token, password: NEW_PASSWORD } })).toMatchObject({
      status: 400,
      body: { msg: RESET_LINK_SPENT },
    });
    expect(await server.call('POST', '/api/password/reset', { json: { token: 'A'.repeat(43), password: NEW_PASSWORD } })).toMatchObject({
      status: 400,
      body: { msg: RESET_LINK_SPENT },
    });
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('change: needs the current password, keeps this session and signs out every other', async () => {
    const user = await server.signUp();
    const other = await signIn(user.email, PASSWORD);
    const change = (json: Record<string, unknown>) => server.call('POST', '/api/password/change', { token: user.access, json });
    expect(await change({ currentPassword: 'not the password', newPassword: NEW_PASSWORD })).toMatchObject({
      status: 403,
      body: { msg: 'currentPassword: is not the password of this account' },
    });
    expect(await change({ currentPassword: PASSWORD, newPassword: 'password1' })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^newPassword: is one of the most common passwords/) },
    });
    expect((await server.call('GET', '/api/account', { token: other.body.access_token })).status).toBe(200);

    expect(await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(200);
    expect((await server.call('GET', '/api/account', { token: other.body.access_token })).status).toBe(401);
    expect((await server.call('POST', '/api/refresh', { token: other.body.refresh_token })).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});
