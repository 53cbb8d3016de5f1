import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recordings } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { backends, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { ownerMessage, visitorRecording } from '../../test/harness/visitor-helpers.ts';

/** A storage whose deletes fail while `failing` is set, as a disk or bucket that is down. */
function faultyDeletes() {
  const state = { failing: false, failures: 0 };
  const wrap = (storage: Storage): Storage => ({
    kind: storage.kind,
    put: (key, bytes, contentType) => storage.put(key, bytes, contentType),
    ...(storage.putFile ? { putFile: storage.putFile.bind(storage) } : {}),
    stat: (key) => storage.stat(key),
    copy: (from, to) => storage.copy(from, to),
    read: (key, range) => storage.read(key, range),
    list: (options) => storage.list(options),
    publicUrl: (key) => storage.publicUrl(key),
    async delete(key) {
      if (state.failing) {
        state.failures++;
        throw new Error('Storage is unavailable');
      }
      await storage.delete(key);
    },
  });
  return { state, wrap };
}

describe.each(backends)('consistency under faults on %s', (backend) => {
  let server: TestServer;
  const faults = faultyDeletes();
  beforeAll(async () => {
    server = await startTestServer(backend, { JOB_RETRY_BASE_SECONDS: '0.05', EXPIRY_SWEEP_SECONDS: '3600' }, { wrapStorage: faults.wrap });
  });
  afterAll(() => server.close());

  const storage = () => server.running.services.storage;
  const rowOf = async (id: string) => (await server.running.services.db.select().from(recordings).where(eq(recordings.id, id)))[0];
  const stored = async (key: string) => (await storage().stat(key)) !== null;

  describe('deleting a message while storage fails', () => {
    it('answers 200, stops serving at once, retries the files and then forgets the rows', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const reply = await visitorRecording(server, `reply:${id}`);
      expect((await server.call('GET', `/files/${reply}.mp3`)).status).toBe(200);

      faults.state.failing = true;
      const failuresBefore = faults.state.failures;
      try {
        expect(await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).toMatchObject({
          status: 200,
          body: { ok: true },
        });
        for (const path of [
          `/files/${id}.mp3`,
          `/files/${id}.png`,
          `/files/${reply}.mp3`,
          `/api/view-vocal/${id}`,
          `/api/view-vocal/${reply}`,
        ]) {
          const answer = await server.call('GET', path);
          expect(answer.status, path).toBe(404);
          expect(answer.body.msg, path).toEqual(expect.any(String));
        }
        const listed = (await server.call('GET', '/api/audio', { token: owner.access })).body.audios as { id: string }[];
        expect(listed.map((recording) => recording.id)).not.toContain(id);
        expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'x' } })).status).toBe(404);
        expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(404);

        // The job keeps trying while storage is down; the files are still there, unserved.
        const retried = await waitFor(
          () => server.running.services.jobs.queue.find(`delete-files:${id}`),
          (job) => (job?.attempts ?? 0) >= 2 && job?.lastError === 'Storage is unavailable',
        );
        expect(retried?.state).not.toBe('failed');
        expect(faults.state.failures).toBeGreaterThan(failuresBefore);
        expect(await stored(`${id}.mp3`)).toBe(true);
        expect((await rowOf(id))?.status).toBe('deleted');
      } finally {
        faults.state.failing = false;
      }

      const done = await waitFor(
        () => server.running.services.jobs.queue.find(`delete-files:${id}`),
        (job) => job?.state === 'done',
      );
      expect(done?.state).toBe('done');
      for (const key of [`${id}.mp3`, `${id}.png`, `${reply}.mp3`, `${reply}.png`]) expect(await stored(key), key).toBe(false);
      expect(await rowOf(id)).toBeUndefined();
      expect(await rowOf(reply)).toBeUndefined();
    });

    it('deletes a whole account the same way: gone at once, files once storage is back', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      faults.state.failing = true;
      try {
        expect(
          await server.call('POST', '/api/delete', { token: owner.access, json: { password: 'correct horse battery' } }),
        ).toMatchObject({ status: 200, body: { ok: true } });
        expect((await server.call('GET', `/files/${id}.mp3`)).status).toBe(404);
        expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(404);
        await waitFor(
          async () => faults.state.failures,
          (failures) => failures > 0,
        );
        expect(await stored(`${id}.mp3`)).toBe(true);
      } finally {
        faults.state.failing = false;
      }
      await waitFor(
        async () => (await stored(`${id}.mp3`)) || (await stored(`${id}.png`)),
        (left) => !left,
      );
    });

    it('requeues a deletion whose job gave up, so the files go in the end', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      faults.state.failing = true;
      try {
        expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(200);
        const queue = server.running.services.jobs.queue;
        await waitFor(
          () => queue.find(`delete-files:${id}`),
          (job) => (job?.attempts ?? 0) >= 1 && job?.state !== 'running',
        );
        // As if it had run out of tries while storage was down.
        await server.running.services.db
          .update(jobs)
          .set({ state: 'failed' })
          .where(eq(jobs.key, `delete-files:${id}`));
      } finally {
        faults.state.failing = false;
      }
      expect(await server.running.services.deletion.sweepDeleted()).toBeGreaterThanOrEqual(1);
      await waitFor(
        () => rowOf(id),
        (row) => row === undefined,
      );
      expect(await stored(`${id}.mp3`)).toBe(false);
    });
  });

  describe('expiry once the files are deleted', () => {
    it('refuses to remove or extend the expiry of an expired message, and the list shows it expired', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const past = new Date(Date.now() - 60_000).toISOString();
      expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: past } })).status).toBe(200);

      // Expired but not yet swept: already too late to bring it back.
      const early = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: null } });
      expect(early).toMatchObject({ status: 410, body: { msg: expect.stringMatching(/has expired/) } });

      expect(await server.running.services.audio.sweepExpired()).toBeGreaterThanOrEqual(1);
      await waitFor(
        () => rowOf(id),
        (row) => row?.filesDeletedAt != null,
      );
      expect(await stored(`${id}.mp3`)).toBe(false);

      const future = new Date(Date.now() + 86_400_000).toISOString();
      for (const expiryDate of [null, future]) {
        const refused = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate } });
        expect(refused).toMatchObject({
          status: 410,
          body: { msg: 'This voice message has expired and its audio was deleted, so its expiry date can no longer change' },
        });
      }
      expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(410);
      expect((await server.call('GET', `/files/${id}.mp3`)).status).toBe(410);
      const listed = (await server.call('GET', '/api/audio', { token: owner.access })).body.audios as { id: string; expiryDate: string }[];
      expect(listed.find((recording) => recording.id === id)?.expiryDate).toBe(new Date(past).toISOString());
      // The subject is still the owner's to change.
      expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'Old news' } })).status).toBe(200);
    });

    it('still lets the owner remove an expiry date that has not passed', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: soon } })).status).toBe(200);
      const removed = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: null } });
      expect(removed).toMatchObject({ status: 200, body: { expiryDate: null } });
    });
  });
});
