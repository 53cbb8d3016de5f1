import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../storage/storage.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';

/** The real storage, refusing every lookup while `refusing` is on, as an unreachable S3 would. */
function switchableStorage(storage: Storage, state: { refusing: boolean }): Storage {
  const refuse = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
  return {
    kind: storage.kind,
    put: (key, bytes, contentType) => (state.refusing ? refuse() : storage.put(key, bytes, contentType)),
    stat: (key) => (state.refusing ? refuse() : storage.stat(key)),
    copy: (from, to) => (state.refusing ? refuse() : storage.copy(from, to)),
    read: (key, range) => (state.refusing ? refuse() : storage.read(key, range)),
    delete: (key) => (state.refusing ? refuse() : storage.delete(key)),
    list: (options) => (state.refusing ? refuse() : storage.list(options)),
    publicUrl: (key) => storage.publicUrl(key),
  };
}

describe.each(embeddedBackend)('/health and /ready on %s', (backend) => {
  const storageState = { refusing: false };
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {}, { wrapStorage: (storage) => switchableStorage(storage, storageState) });
  });
  afterAll(async () => {
    storageState.refusing = false;
    await server?.close();
  });

  it('/health says the process is up, with what it runs on', async () => {
    const reply = await server.call('GET', '/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ok: true, database: 'pglite', storage: 'local', version: expect.any(String) });
  });

  it('/ready is 200 when the database and the storage answer', async () => {
    const reply = await server.call('GET', '/ready');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ready' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('/ready is 503 naming the storage while it refuses, and /health stays 200', async () => {
    storageState.refusing = true;
    try {
      const reply = await server.call('GET', '/ready');
      expect(reply.status).toBe(503);
      expect(reply.body.msg).toMatch(/file storage/);
      expect(reply.body.msg).not.toMatch(/database/);
      expect(reply.body.unreachable).toEqual(['storage']);
      expect((await server.call('GET', '/health')).status).toBe(200);
    } finally {
      storageState.refusing = false;
    }
    expect((await server.call('GET', '/ready')).status).toBe(200);
  });

  it('/ready is 503 naming the database once it is closed', async () => {
    const closing = await startTestServer(backend);
    try {
      const client = (closing.running.services.db as unknown as { $client: { close(): Promise<void> } }).$client;
      await client.close();
      const reply = await closing.call('GET', '/ready');
      expect(reply.status).toBe(503);
      expect(reply.body.msg).toMatch(/database/);
      expect(reply.body.unreachable).toEqual(['database']);
      expect((await closing.call('GET', '/health')).status).toBe(200);
    } finally {
      // Its database is already closed, so closing the server again may fail; the folder goes either way.
      await closing.close().catch(() => undefined);
      await rm(closing.dataDir, { recursive: true, force: true });
    }
  });
});
