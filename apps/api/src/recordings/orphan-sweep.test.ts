import { spawn } from 'node:child_process';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, recordings } from '../db/schema.ts';
import { removeAbandonedPartials } from '../storage/local-storage.ts';
import { backends } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';
import { createOrphanSweep, ORPHAN_MIN_AGE_MS } from './orphan-sweep.ts';

const bytes = new Uint8Array([1, 2, 3]);

describe.each(backends)('files no row accounts for, on %s', (backend) => {
  const server = serverForSuite(backend, { TRANSCRIBER: 'none' });

  it('lists the store in key order, a page at a time', async () => {
    const storage = server.running.services.storage;
    for (const key of ['listA000000b.png', 'listA000000a.mp3', 'images/list-c.png']) await storage.put(key, bytes, 'image/png');
    const all = (await storage.list({ limit: 1000 })).map((object) => object.key);
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(['listA000000a.mp3', 'listA000000b.png', 'images/list-c.png']));
    const first = await storage.list({ after: 'listA', limit: 1 });
    expect(first.map((object) => object.key)).toEqual(['listA000000a.mp3']);
    expect(first[0]?.lastModified).toBeInstanceOf(Date);
    expect((await storage.list({ after: 'listA000000a.mp3', limit: 1 })).map((object) => object.key)).toEqual(['listA000000b.png']);
    for (const key of ['listA000000b.png', 'listA000000a.mp3', 'images/list-c.png']) await storage.delete(key);
  });

  it('deletes the link-preview cards of deleted messages, and keeps those of sent ones', async () => {
    const { db, storage } = server.running.services;
    const owner = await server.signUp();
    const kept = await ownerMessage(server, owner.access, { subject: 'Kept' });
    const removed = await ownerMessage(server, owner.access, { subject: 'Removed' });
    for (const id of [kept, removed]) expect((await fetch(`${server.url}/listen/${id}/card.png`)).status).toBe(200);
    const cardsOf = async (id: string) =>
      (await storage.list({ after: `cards/${id}-`, limit: 5 })).filter((object) => object.key.startsWith(`cards/${id}-`));
    const [keptCard] = await cardsOf(kept);
    const [removedCard] = await cardsOf(removed);
    // Not served from storage's own path: only the route, which checks the message, serves cards.
    expect((await server.call('GET', `/files/${keptCard!.key}`)).status).toBe(404);
    expect((await server.call('DELETE', `/api/delete/${removed}`, { token: owner.access })).status).toBe(200);
    const later = createOrphanSweep({ db, storage, now: () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
    let deleted: string[] = [];
    // The whole store, a batch at a time, until the sweep starts over.
    for (let batch = 0; batch < 20 && !deleted.includes(removedCard!.key); batch++) deleted = [...deleted, ...(await later.sweep())];
    expect(deleted).toContain(removedCard!.key);
    expect(deleted).not.toContain(keptCard!.key);
    expect(await storage.stat(keptCard!.key)).not.toBeNull();
  });

  it('deletes files of messages never sent and of rows that are gone, once they are an hour old; never a sent message', async () => {
    const { db, storage } = server.running.services;
    const owner = await server.signUp();
    const sent = await ownerMessage(server, owner.access);
    const neverSent = (await server.call('GET', '/api/get-vocal', { token: owner.access })).body.id as string;
    for (const key of [`${neverSent}.mp3`, `${neverSent}.png`, 'NoRowAtAll12.mp3', 'images/nobody.png', 'images/somebody.png']) {
      await storage.put(key, bytes, 'application/octet-stream');
    }
    await db.insert(images).values({ key: 'images/somebody.png', userId: owner.id });
    // Stored but never sent (an upload that died before its row said so): never public.
    for (const key of [`${neverSent}.mp3`, 'NoRowAtAll12.mp3', 'images/nobody.png']) {
      expect((await server.call('GET', `/files/${key}`)).status, key).toBe(404);
    }
    expect((await server.call('GET', '/files/images/somebody.png')).status).toBe(200);
    const [row] = await db.select().from(recordings).where(eq(recordings.id, sent));
    expect(row?.status).toBe('uploaded');

    // Everything is new: an upload may still be in progress, so nothing goes.
    // The store is small here: one batch walks all of it.
    expect(await createOrphanSweep({ db, storage }).sweep()).toEqual([]);

    const later = createOrphanSweep({ db, storage, now: () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
    const deleted = await later.sweep();
    expect(deleted.sort()).toEqual([`${neverSent}.mp3`, `${neverSent}.png`, 'NoRowAtAll12.mp3', 'images/nobody.png'].sort());
    for (const key of [`${sent}.mp3`, `${sent}.png`, 'images/somebody.png']) expect(await storage.stat(key), key).not.toBeNull();
    expect((await server.call('GET', `/files/${sent}.mp3`)).status).toBe(200);
  });

  it("removes a private message's files under names its row no longer holds, and keeps the ones it does", async () => {
    const { db, storage } = server.running.services;
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    expect(
      (await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { privacy: 'password', password: 'heron 42' } })).status,
    ).toBe(200);
    const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
    // What a move that stopped half way leaves: the public names a failed delete kept, and a
    // copy whose row was never written.
    const stranded = [`${id}.mp3`, `${id}.png`, `${id}_${'s'.repeat(22)}.mp3`];
    for (const key of stranded) await storage.put(key, bytes, 'application/octet-stream');
    const later = createOrphanSweep({ db, storage, now: () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
    let deleted: string[] = [];
    for (let batch = 0; batch < 20 && !stranded.every((key) => deleted.includes(key)); batch++)
      deleted = [...deleted, ...(await later.sweep())];
    expect(deleted).toEqual(expect.arrayContaining(stranded));
    expect(deleted).not.toContain(row!.audioKey);
    expect(deleted).not.toContain(row!.imageKey);
    for (const key of [row!.audioKey!, row!.imageKey!]) expect(await storage.stat(key), key).not.toBeNull();
  });

  it("removes half-written files whose writer died, or that are over an hour old, and leaves a live writer's", async () => {
    const root = join(server.dataDir, 'files');
    const child = spawn('true');
    await new Promise((resolve) => child.once('exit', resolve));
    const dead = `abandoned000.mp3.${child.pid}-0a1b2c.partial`;
    const live = `inprogress00.mp3.${process.pid}-0a1b2c.partial`;
    const stale = `stale0000000.mp3.${process.pid}-0d1e2f.partial`;
    for (const name of [dead, live, stale]) await writeFile(join(root, name), bytes);
    const hourAgo = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
    await utimes(join(root, stale), hourAgo, hourAgo);
    expect(await removeAbandonedPartials(root)).toBe(2);
    const left = (await readdir(root)).filter((name) => name.endsWith('.partial'));
    expect(left).toEqual([live]);
  });
});
