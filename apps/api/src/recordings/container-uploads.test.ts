import { concatBytes, junkBytes } from '@vocal/test-fixtures';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema.ts';
import { goForwardAsBrowserUploads } from '../../test/harness/browser-recording.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { samplePng, waitFor } from '../../test/harness/upload-form.ts';

/** What Chromium's MediaRecorder makes of goforward.raw: WebM/Opus and MP4/Opus. */
let webm: Uint8Array;
let mp4: Uint8Array;
beforeAll(async () => {
  ({ webm, mp4 } = await goForwardAsBrowserUploads());
});

describe.each(embeddedBackend)('WebM and MP4 uploads are checked whole on %s', (backend) => {
  const server = serverForSuite(backend);

  const send = async (recording: Uint8Array, name: string) => {
    const user = await server.signUp();
    const id = (await server.call('GET', '/api/get-vocal', { token: user.access })).body.id as string;
    const form = new FormData();
    form.set('recording', new Blob([recording]), name);
    form.set('image', new Blob([samplePng()], { type: 'image/png' }), 'image.png');
    form.set('context', JSON.stringify({ id, duration: 3, peaks: [] }));
    const reply = await server.call('POST', `/api/upload-vocal?id=${id}`, { token: user.access, form });
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, id));
    return { reply, row, user };
  };

  it.each([
    ['WebM', () => webm, 'message.webm', 'WEBM'],
    ['MP4', () => mp4, 'message.m4a', 'MP4'],
  ])('refuses a %s with data after its container, and stores nothing', async (_label, bytes, name, container) => {
    const accepted = await send(bytes(), name);
    expect(accepted.reply.status).toBe(200);
    expect(accepted.row?.duration).toBeGreaterThan(2.5);
    expect(accepted.row?.duration).toBeLessThan(3.5);

    const { reply, row } = await send(concatBytes(bytes(), junkBytes(200 * 1024)), name);
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(new RegExp(`^recording: \\d+ KB of the file is neither audio nor its ${container} container`));
    expect(row?.status).toBe('reserved');
  });

  it('a WebM made private while it is re-encoded ends as MP3 under a secret name, with nothing left at the public ones', async () => {
    const { reply, row, user } = await send(webm, 'message.webm');
    expect(reply.status).toBe(200);
    const id = row!.id;
    // At once, while the re-encode job may be running: either may finish first (decision 0077).
    const edited = await server.call('POST', `/api/edit/${id}`, {
      token: user.access,
      json: { privacy: 'password', password: 'heron 42' },
    });
    expect(edited.status).toBe(200);
    const { db, storage } = server.running.services;
    const done = await waitFor(
      async () => (await db.select().from(recordings).where(eq(recordings.id, id)))[0]!,
      (current) => current.audioKey?.endsWith('.mp3') === true,
    );
    expect(done.audioKey).toMatch(new RegExp(`^${id}_[\\w-]{22}\\.mp3$`));
    expect(done.imageKey).toMatch(new RegExp(`^${id}_[\\w-]{22}\\.png$`));
    expect((await storage.stat(done.audioKey!))?.contentType).toBe('audio/mpeg');
    for (const key of [`${id}.webm`, `${id}.mp3`, `${id}.png`]) expect(await storage.stat(key), key).toBeNull();
    // Nor a copy or an original under another secret name: the row's two files are all there is.
    const stored = (await storage.list({ after: id, limit: 1000 })).map((object) => object.key).filter((key) => key.startsWith(id));
    expect(stored.sort()).toEqual([done.audioKey, done.imageKey].sort());
  });
});
