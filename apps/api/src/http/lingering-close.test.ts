import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { lingerBeforeClosing } from './lingering-close.ts';

type Sent = { answer: string; written: number; writeError: string | null; closedAfterBytes: number | null };

/**
 * A client that keeps writing: sends the request head, then `bodyBytes` in 64 KB chunks, each
 * after the last was taken by the socket, whatever the server answers meanwhile (as fetch and
 * browsers do). Resolves with what it read, how much it wrote, and the write error if any.
 */
function keepWriting(url: string, head: string, bodyBytes: number): Promise<Sent> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    // Half-open allowed: the server's FIN after its answer does not stop this client writing.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let answer = '';
    let written = 0;
    let writeError: string | null = null;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      resolve({ answer, written, writeError, closedAfterBytes: written < bodyBytes ? written : null });
    };
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
      done();
    });
    socket.on('close', done);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const writeNext = () => {
      if (socket.destroyed) return;
      if (written >= bodyBytes) {
        // The whole body is sent: wait for the server to finish the conversation.
        socket.end();
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - written));
      written += piece.length;
      socket.write(piece, (error) => {
        if (error) return;
        setImmediate(writeNext);
      });
    };
    socket.write(head, () => writeNext());
  });
}

const uploadHead = (host: string, bodyBytes: number, path = '/api/upload-vocal') =>
  `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: multipart/form-data; boundary=xyz\r\n` + `Content-Length: ${bodyBytes}\r\n\r\n`;

describe.each(embeddedBackend)('a refused upload still gets its answer (issue 23, finding 3), on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { MAX_UPLOAD_MB: '4' });
  });
  afterAll(() => server?.close());

  it('anonymous, without a reservation: a client that keeps writing 3 MB reads the 401 and writes everything', async () => {
    const bodyBytes = 3 * 1024 * 1024;
    const sent = await keepWriting(server.url, uploadHead(new URL(server.url).host, bodyBytes), bodyBytes);
    expect(sent.writeError).toBeNull();
    expect(sent.written).toBe(bodyBytes);
    expect(sent.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(sent.answer).toContain('"msg":"Sign in first');
  });

  it('a declared length over the limit: the 413 arrives, then the connection closes', async () => {
    const bodyBytes = 5 * 1024 * 1024;
    const sent = await keepWriting(
      server.url,
      uploadHead(new URL(server.url).host, bodyBytes, '/api/upload-vocal?id=zzzzzzzzzzzz'),
      bodyBytes,
    );
    expect(sent.writeError).toBeNull();
    expect(sent.answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("fetch with FormData: every anonymous upload gets the server's 401, none fails with EPIPE", async () => {
    const outcomes: string[] = [];
    for (const size of [1024, 256 * 1024, 1024 * 1024, 3 * 1024 * 1024, 3 * 1024 * 1024, 3 * 1024 * 1024]) {
      const form = new FormData();
      form.set('recording', new Blob([new Uint8Array(size)], { type: 'audio/mpeg' }), 'recording.mp3');
      try {
        const response = await fetch(`${server.url}/api/upload-vocal`, { method: 'POST', body: form });
        outcomes.push(`${size}: ${response.status} ${((await response.json()) as { msg: string }).msg.slice(0, 13)}`);
      } catch (error) {
        outcomes.push(`${size}: ${String((error as { cause?: unknown }).cause ?? error)}`);
      }
    }
    expect(outcomes).toEqual(outcomes.map((outcome) => `${outcome.split(':')[0]}: 401 Sign in first`));
  });
});

describe('the lingering is bounded', () => {
  let plain: Server;
  let url: string;
  beforeAll(async () => {
    // Refuses every request at once without reading its body, as a refusal before the body does.
    plain = createServer((_request, response) => {
      response.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      response.end('{"msg":"too large"}');
    });
    lingerBeforeClosing(plain, { maxBytes: 1024 * 1024, maxMs: 60_000 });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => plain.close(() => resolve())));

  it('past its size, the connection is cut: the client that would send 1 GB read the answer and was stopped', async () => {
    const bodyBytes = 1024 * 1024 * 1024;
    const sent = await keepWriting(url, uploadHead(new URL(url).host, bodyBytes), bodyBytes);
    expect(sent.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent.closedAfterBytes).not.toBeNull();
  });

  it('a body within the bounds is read to its end and the socket then closed quietly', async () => {
    const bodyBytes = 512 * 1024;
    const sent = await keepWriting(url, uploadHead(new URL(url).host, bodyBytes), bodyBytes);
    expect(sent).toMatchObject({ writeError: null, written: bodyBytes, closedAfterBytes: null });
    expect(sent.answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});
