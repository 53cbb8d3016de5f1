import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

/** What curl --path-as-is sends: the path byte for byte, backslash and all. */
function rawGet(url: string, path: string): Promise<string> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => resolve(answer));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

describe.each(embeddedBackend)('a backslash in the path (issue 23, finding 18), on %s', (backend) => {
  const server = serverForSuite(backend);

  it.each(['/api/x\\y', '/\\evil.example', '/listen/abc\\def'])('%s: 400 {msg} through the app, with its headers', async (path) => {
    const answer = await rawGet(server.url, path);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(head).toMatch(/\r\nx-request-id: /i);
    expect(JSON.parse(body!)).toEqual({ msg: 'A path may not contain a backslash (\\)' });
  });

  it('a backslash in the query is only data', async () => {
    const answer = await rawGet(server.url, '/health?x=a\\b');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
