import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from './api-client.ts';
import { createVisitorListenClient } from './visitor-listen-client.ts';

let api: ApiProcess;
beforeAll(async () => {
  api = await startApiProcess();
});
afterAll(() => api?.stop());

// The listen page hands either client to the same components.
const sameCalls = (client: ReturnType<typeof createVisitorListenClient>): Pick<ApiClient, 'trackView' | 'getComments' | 'addComment'> =>
  client;

describe("the visitor's listen client against the real server", () => {
  it('counts a listen, reads and adds comments, and answers errors as the full client does', async () => {
    const owner = createApiClient({ baseUrl: `${api.url}/api` });
    expect((await owner.signIn({ email: `visitor-client-${Date.now()}@example.com`, password: 'correct horse battery' })).ok).toBe(true);
    const reserved = await owner.getVocal('webapp');
    if (!reserved.ok) throw new Error(reserved.error.msg);
    const uploaded = await owner.uploadVocal({
      recording: new Blob([await makeMp3(2)], { type: 'audio/mpeg' }),
      image: new Blob([makePng(200, 40)], { type: 'image/png' }),
      context: { id: reserved.data.id, platform: 'webapp', duration: 2, peaks: [0.2, 0.8], subject: 'For visitors' },
    });
    expect(uploaded.ok).toBe(true);
    const recordingId = reserved.data.id;

    const visitor = sameCalls(createVisitorListenClient({ baseUrl: `${api.url}/api` }));
    const full = createApiClient({ baseUrl: `${api.url}/api` });

    const listen = await visitor.trackView(recordingId);
    expect(listen).toMatchObject({ ok: true, status: 200, data: { counted: true, listen: expect.stringMatching(/^[0-9a-f-]{36}$/) } });

    expect(await visitor.getComments(recordingId)).toEqual({ ok: true, status: 200, data: { enabled: true, comments: [] } });
    const added = await visitor.addComment(recordingId, { name: 'Ana', text: 'Lovely message' });
    expect(added).toMatchObject({ ok: true, data: { name: 'Ana', text: 'Lovely message' } });
    expect(await visitor.getComments(recordingId)).toEqual(await full.getComments(recordingId));

    // Refusals come back as the server's {msg}, the same as the full client's.
    const empty = await visitor.addComment(recordingId, { text: '   ' });
    expect(empty).toEqual(await full.addComment(recordingId, { text: '   ' }));
    expect(empty).toMatchObject({ ok: false, status: 400, error: { msg: expect.stringContaining('Write a comment first') } });
    const missing = await visitor.getComments('nosuchmessage1');
    expect(missing).toEqual(await full.getComments('nosuchmessage1'));
    expect(missing.ok).toBe(false);

    // An unreachable server is a result, not a throw.
    const offline = createVisitorListenClient({ baseUrl: 'http://127.0.0.1:9/api' });
    expect(await offline.getComments(recordingId)).toMatchObject({
      ok: false,
      status: 0,
      error: { msg: expect.stringContaining('Could not reach the server') },
    });
  });
});
