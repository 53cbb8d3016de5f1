import { describe, expect, it } from 'vitest';
import { embeddedBackend, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage, shareCodeOf } from '../../test/harness/visitor-helpers.ts';

/** The data the server put into listen.html for the page's script. */
async function listenData(server: TestServer, id: string) {
  const response = await fetch(`${server.url}/listen/${id}`);
  const html = await response.text();
  const json = /<script type="application\/json" id="listen-data">([^<]*)<\/script>/.exec(html)?.[1];
  return { status: response.status, html, data: JSON.parse(json ?? 'null') as Record<string, unknown> };
}

describe.each(embeddedBackend)('the listen page of a message that is gone, on %s', (backend) => {
  const server = serverForSuite(backend);

  const expire = (token: string, id: string) =>
    server.call('POST', `/api/edit/${id}`, { token, json: { expiryDate: new Date(Date.now() - 1000).toISOString() } });

  it('expired: 410, the sender’s public name and their contact form to ask again', async () => {
    const owner = await server.signUp();
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada Lovelace' } });
    const id = await ownerMessage(server, owner.access, { subject: 'Short-lived' });
    await expire(owner.access, id);
    const { status, html, data } = await listenData(server, id);
    expect(status).toBe(410);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:image');
    expect(data).toEqual({
      status: 410,
      message: 'This voice message has expired',
      sender: { name: 'Ada Lovelace', askUrl: `${server.running.url}/contact-form/${await shareCodeOf(server, owner.access)}` },
    });
    // Nothing private: not the subject, not the email.
    expect(html).not.toContain('Short-lived');
    expect(html).not.toContain(owner.email);
  });

  it('expired, from a sender who takes no replies and never set a name: no link, no name', async () => {
    const owner = await server.signUp();
    await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { reply: { enabled: false } } } });
    const id = await ownerMessage(server, owner.access);
    await expire(owner.access, id);
    const { status, data } = await listenData(server, id);
    expect(status).toBe(410);
    expect(data.sender).toEqual({ name: null, askUrl: null });
  });

  it('deleted and never-existing ids get the same 404 page, which says nothing about any account', async () => {
    const owner = await server.signUp();
    await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Grace Hopper' } });
    const id = await ownerMessage(server, owner.access, { subject: 'Soon gone' });
    expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(200);
    const deleted = await listenData(server, id);
    const unknown = await listenData(server, 'AAAAAAAAAAAA');
    expect([deleted.status, unknown.status]).toEqual([404, 404]);
    expect(deleted.data).toEqual(unknown.data);
    expect(deleted.data).not.toHaveProperty('sender');
    expect(deleted.html).not.toContain('Grace Hopper');
  });
});
