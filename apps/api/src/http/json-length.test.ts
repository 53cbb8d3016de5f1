import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackend, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

/** A GET asking for gzip as browsers do, the body as sent (fetch would decompress it). */
function getAsBrowser(url: string, token?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
    if (token) headers.authorization = `Bearer ${token}`;
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe.each(embeddedBackend)('JSON answers and compression on %s', (backend) => {
  const server = serverForSuite(backend);
  let owner: Awaited<ReturnType<TestServer['signUp']>>;
  beforeAll(async () => {
    owner = await server.signUp();
  });

  it('sends a small JSON answer as it is, with its length, even to a client that accepts gzip', async () => {
    const id = await ownerMessage(server, owner.access);
    const answer = await getAsBrowser(`${server.url}/api/track/view-vocal/${id}`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(JSON.parse(answer.body.toString())).toEqual({ counted: true, listen: expect.any(String) });
  });

  it('still gzips a JSON answer over 1 KB', async () => {
    for (let index = 0; index < 6; index++)
      await ownerMessage(server, owner.access, { subject: `A subject long enough to count ${index}` });
    const answer = await getAsBrowser(`${server.url}/api/audio`, owner.access);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const list = JSON.parse(gunzipSync(answer.body).toString());
    expect(list.audios.length).toBeGreaterThanOrEqual(6);
  });
});
