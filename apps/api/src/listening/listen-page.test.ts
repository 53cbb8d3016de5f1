import { describe, expect, it } from 'vitest';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';

type Embedded = { status: number; payload?: { audio: { id: string; subject: string | null } }; message?: string };

function embedded(html: string): Embedded {
  const match = /<script type="application\/json" id="listen-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('No embedded listen data');
  return JSON.parse(match[1]);
}

describe.each(embeddedBackend)('the server-rendered listen page on %s', (backend) => {
  const server = serverForSuite(backend);

  async function message(subject?: string) {
    const user = await server.signUp();
    const { body } = await server.call('GET', '/api/get-vocal', { token: user.access });
    await server.call('POST', '/api/upload-vocal', {
      token: user.access,
      form: uploadForm({
        recording: await threeSecondMp3(),
        image: samplePng(),
        context: { id: body.id, duration: 3, peaks: samplePeaks, subject },
      }),
    });
    return { id: body.id as string, user };
  }

  it('embeds the public payload, titles the page, and reveals nothing private', async () => {
    const { id, user } = await message('Team update');
    const response = await fetch(`${server.url}/listen/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Team update · Vocal</title>');
    const data = embedded(html);
    expect(data.status).toBe(200);
    expect(data.payload?.audio).toMatchObject({ id, subject: 'Team update' });
    expect(html).not.toContain(user.email);
  });

  it('answers 404 for unknown and malformed ids and 410 once expired, with the page', async () => {
    for (const id of ['AAAAAAAAAAAA', 'x']) {
      const response = await fetch(`${server.url}/listen/${id}`);
      expect(response.status).toBe(404);
      expect(embedded(await response.text())).toEqual({ status: 404, message: 'This voice message does not exist or was deleted' });
    }
    const { id, user } = await message();
    await server.call('POST', `/api/edit/${id}`, { token: user.access, json: { expiryDate: new Date(Date.now() - 1000).toISOString() } });
    const expired = await fetch(`${server.url}/listen/${id}`);
    expect(expired.status).toBe(410);
    // The sender never set a name; they take replies (the default), so their contact form is offered.
    expect(embedded(await expired.text())).toEqual({
      status: 410,
      message: 'This voice message has expired',
      sender: { name: null, askUrl: expect.stringMatching(/\/contact-form\/[^/]+$/) },
    });
  });

  it('keeps markup in a subject as text in the title and the data', async () => {
    const { id } = await message('</script><script>alert(1)</script> & <b>bold</b>');
    const html = await (await fetch(`${server.url}/listen/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&#60;/script&#62;');
    expect(embedded(html).payload?.audio.subject).toBe('</script><script>alert(1)</script> & <b>bold</b>');
  });
});
