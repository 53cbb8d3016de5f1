import { beforeAll, describe, expect, it } from 'vitest';
import { routeCatalogueOf, splitRouteKey } from '../../test/harness/route-catalogue.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { signUpWithData, type UserWithData } from '../../test/harness/user-with-data.ts';
import { bodyLimitFor, JSON_BODY_LIMIT } from './body-limit.ts';

/** A JSON text of exactly `bytes` bytes: `{"sentences":["xxx…"]}`. */
const jsonOf = (bytes: number) => {
  const wrapper = '{"sentences":[""]}';
  return `{"sentences":["${'x'.repeat(bytes - wrapper.length)}"]}`;
};

/** The same bytes as a stream, so fetch sends them chunked, without a Content-Length. */
const streamOf = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
};

describe.each(embeddedBackend)('every body is bounded before a route reads it (issue 23, finding 1), on %s', (backend) => {
  const server = serverForSuite(backend);
  let owner: UserWithData;
  let stranger: UserWithData;
  beforeAll(async () => {
    owner = await signUpWithData(server);
    stranger = await signUpWithData(server);
  });

  const put = (id: string, body: RequestInit['body'], token?: string) =>
    fetch(`${server.url}/api/transcription/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
      duplex: 'half',
    } as RequestInit);

  it('PUT /api/transcription/{id}: 413 from the declared length, before whose message it is is looked up', async () => {
    for (const id of ['zzzzzzzzzzzz', stranger.recordingId, owner.recordingId]) {
      const response = await put(id, jsonOf(JSON_BODY_LIMIT + 1), owner.access);
      expect(response.status, id).toBe(413);
      expect(((await response.json()) as { msg: string }).msg).toBe('The request body is larger than 256 KB');
    }
  });

  it('the same while it streams, when no length is declared', async () => {
    const response = await put('zzzzzzzzzzzz', streamOf(jsonOf(2 * 1024 * 1024)), owner.access);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/larger than 256 KB/);
  });

  it('a body at the limit is still read: the route answers as it always did', async () => {
    const response = await put('zzzzzzzzzzzz', jsonOf(JSON_BODY_LIMIT), owner.access);
    // The route's own refusal (a sentence that long is not a transcript), not the limit's.
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).not.toMatch(/larger than/);
  });

  it('every route of the catalogue that takes a body: 413 before its token is checked, with {msg}', async () => {
    const checked: string[] = [];
    for (const [key, knowledge] of Object.entries(routeCatalogueOf(server.running.routes))) {
      const { method } = splitRouteKey(key);
      if (method === 'GET' || method === 'HEAD') continue;
      const aimed = knowledge.aimedAt(owner)[0]!;
      const path = aimed.path.split('?')[0]!;
      const limit = bodyLimitFor(method, path);
      // upload-vocal counts its own streamed body against MAX_UPLOAD_MB (upload-hardening.test.ts).
      if (limit === null) continue;
      for (const token of [undefined, stranger.access]) {
        const response = await fetch(`${server.url}${aimed.path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: jsonOf(limit + 1),
        });
        const text = await response.text();
        expect(`${key} ${response.status} ${text.slice(0, 80)}`).toBe(`${key} 413 ${text.slice(0, 80)}`);
        expect(JSON.parse(text).msg, key).toMatch(/^The request body is larger than/);
      }
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(40);
  });
});
