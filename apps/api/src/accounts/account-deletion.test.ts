import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema.ts';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';
import { signUpWithData, type UserWithData } from '../../test/harness/user-with-data.ts';

const PASSWORD = 'correct horse battery';

describe.each(backends)('deleting an account on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ SMTP_URL: smtp.url }));

  const db = () => server.running.services.db;
  const storedKeys = async () => (await server.running.services.storage.list({ limit: 100_000 })).map((object) => object.key).sort();

  /** Every row of every table, as JSON text, with the table's name. */
  async function everyRow(): Promise<{ table: string; row: string; userIds: unknown[] }[]> {
    const tables = (await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const found: { table: string; row: string; userIds: unknown[] }[] = [];
    for (const { table_name: table } of tables.rows) {
      const rows = (await db().execute(sql.raw(`select row_to_json(t) as row from "${table}" t`))) as unknown as {
        rows: { row: Record<string, unknown> }[];
      };
      for (const { row } of rows.rows) {
        const userIds = Object.entries(row)
          .filter(([column]) => column === 'user_id' || column.endsWith('_user_id'))
          .map(([, value]) => value);
        found.push({ table, row: JSON.stringify(row), userIds: table === 'users' ? [row.id] : userIds });
      }
    }
    return found;
  }

  /** What of `user` is left: rows naming their id, address, name, share code or messages. */
  async function rowsOf(user: UserWithData, name: string, sessionIds: string[] = []) {
    const marks = [user.email, name, user.inviteCode, user.recordingId, user.replyId, user.folderId, user.imageKey, ...sessionIds];
    return (await everyRow()).filter(({ row, userIds }) => userIds.includes(user.id) || marks.some((mark) => row.includes(mark)));
  }

  it('refuses without the right password and changes nothing', async () => {
    const user = await server.signUp();
    const call = (json: unknown) => server.call('POST', '/api/delete', { token: user.access, json });
    expect(await call({})).toMatchObject({ status: 400, body: { msg: 'password: is required' } });
    expect(await call({ password: 'not the password' })).toMatchObject({
      status: 403,
      body: { msg: 'password: is not the password of this account' },
    });
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(200);
  });

  it('leaves no row of the user in any table and no file of theirs in storage', async () => {
    const bystander = await signUpWithData(server);
    const bystanderMessage = await ownerMessage(server, bystander.access, { subject: 'Someone else’s' });
    const bystanderKeys = await storedKeys();
    const bystanderRows = await rowsOf(bystander, 'Bystander Name');

    const user = await signUpWithData(server);
    const name = `Deleted Person ${Date.now()}`;
    const token = user.access;
    await server.call('POST', '/api/account', { token, json: { name, avatarUrl: `${server.url}/files/${user.imageKey}` } });
    await server.call('POST', '/api/personalisation', { token, json: { signature: { message: `Regards, ${name}` } } });
    // What they leave elsewhere: a signed-in comment on another's message, a report, a second
    // session, an open reset link; and a link-preview card of their message.
    expect((await server.call('POST', `/api/comments/${bystanderMessage}`, { token, json: { text: `From ${name}` } })).status).toBe(201);
    await server.call('POST', '/api/feedback', { token, json: { comments: `A report from ${name}, about the recorder.` } });
    expect((await server.call('POST', '/api/signin', { json: { email: user.email, password: PASSWORD } })).status).toBe(200);
    await server.call('POST', '/api/password/forgot', { json: { email: user.email } });
    await smtp.waitFor((mail) => mail.to.includes(user.email));
    expect((await server.call('GET', `/listen/${user.recordingId}/card.png`)).status).toBe(200);

    const theirKeys = (await storedKeys()).filter((key) => !bystanderKeys.includes(key));
    expect(theirKeys.some((key) => key.startsWith('cards/'))).toBe(true);
    expect(theirKeys.length).toBeGreaterThanOrEqual(5);
    // Refresh tokens name their session, not the user.
    const sessionIds = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id);
    const tablesBefore = new Set((await rowsOf(user, name, sessionIds)).map((found) => found.table));
    for (const table of [
      'users',
      'sessions',
      'refresh_tokens',
      'password_resets',
      'recordings',
      'folders',
      'comments',
      'feedback',
      'images',
    ]) {
      expect(tablesBefore, table).toContain(table);
    }

    expect(await server.call('POST', '/api/delete', { token, json: { password: PASSWORD } })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    // Files go through the queue; then nothing of theirs is left, and all of the bystander's is.
    await waitFor(storedKeys, (keys) => !keys.some((key) => theirKeys.includes(key)));
    await waitFor(
      () => rowsOf(user, name, sessionIds),
      (rows) => rows.length === 0,
      20_000,
    ).catch(async () => expect(await rowsOf(user, name, sessionIds)).toEqual([]));
    expect(await storedKeys()).toEqual(expect.arrayContaining(bystanderKeys));
    expect((await rowsOf(bystander, 'Bystander Name')).length).toBe(bystanderRows.length);
  });
});
