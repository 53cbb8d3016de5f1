import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../db/schema.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

describe.each(embeddedBackend)('POST /feedback on %s', (backend) => {
  const server = serverForSuite(backend);

  it('keeps a report from a signed-in user with who sent it', async () => {
    const user = await server.signUp();
    const reply = await server.call('POST', '/api/feedback', {
      token: user.access,
      json: { comments: 'The stop button did nothing on my phone.', email: user.email, url: 'http://localhost/record' },
    });
    expect(reply.status).toBe(201);
    const [row] = await server.running.services.db.select().from(feedback).where(eq(feedback.id, reply.body.id));
    expect(row).toMatchObject({ userId: user.id, comments: 'The stop button did nothing on my phone.', url: 'http://localhost/record' });
  });

  it('takes a report from a visitor too', async () => {
    const reply = await server.call('POST', '/api/feedback', { json: { comments: 'The player will not load for me.' } });
    expect(reply.status).toBe(201);
  });

  it.each([
    [{ comments: 'too short' }, /^comments: Please write at least 10 characters$/],
    [{}, /^comments: Required$/],
    [{ comments: 'long enough text here', email: 'nope' }, /^email: must be a valid email address$/],
    [{ comments: 'long enough text here', url: 'javascript:alert(1)' }, /^url: must be an http or https URL$/],
  ])('refuses %j with 400 and keeps nothing', async (json, message) => {
    const before = (await server.running.services.db.select().from(feedback)).length;
    const reply = await server.call('POST', '/api/feedback', { json });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(message);
    expect((await server.running.services.db.select().from(feedback)).length).toBe(before);
  });

  it('an invalid token is a 401, so the client refreshes rather than reporting anonymously', async () => {
    const reply = await server.call('POST', '/api/feedback', { token: 'garbage', json: { comments: 'long enough text here' } });
    expect(reply.status).toBe(401);
  });

  it('limits reports from one address', async () => {
    const statuses = [];
    for (let index = 0; index < 12; index++) {
      statuses.push((await server.call('POST', '/api/feedback', { json: { comments: `Report number ${index} in a row` } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
