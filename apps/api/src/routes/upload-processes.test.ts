import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeLongMp3 } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudioFile } from '../media/audio-file.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import type { Reply } from '../testing/test-server.ts';
import { samplePng, threeSecondMp3, uploadForm } from '../testing/upload-form.ts';

/**
 * Uploads of one id racing through two server processes on one PostgreSQL database: the
 * claim on the reservation is one conditional update, so exactly one process writes the
 * files and the row always describes the file that is stored.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('uploads racing across two processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let left: ApiProcess;
  let right: ApiProcess;
  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
    const env = { DATABASE_URL: scratch.url, LOG_LEVEL: 'error' };
    // Servers that share a database share storage too (here one local folder; in production S3).
    left = await startApiProcess({ env });
    right = await startApiProcess({ env, dataDir: left.dataDir });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([left?.stop(), right?.stop()]);
    await scratch?.drop();
  });

  async function call(
    base: string,
    method: string,
    path: string,
    options: { token?: string; json?: unknown; form?: FormData; admin?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.admin) headers['x-admin-token'] = options.admin;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base.replace('localhost', '127.0.0.1')}${path}`, {
      method,
      headers,
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    });
    return { status: response.status, body: (await response.json()) as Reply['body'] };
  }

  it('leave every row agreeing with its stored file', async () => {
    const email = `race-${Date.now()}@example.com`;
    const token = (await call(left.url, 'POST', '/api/auth', { json: { email, password: 'correct horse battery' } })).body
      .access_token as string;
    const handoff = JSON.parse(await readFile(join(left.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
    expect(
      (await call(handoff.url, 'POST', '/api/admin/users/plan', { admin: handoff.adminToken, json: { email, plan: 'pro' } })).status,
    ).toBe(200);

    const short = await threeSecondMp3();
    const long = await makeLongMp3(90);
    const form = (id: string, recording: Uint8Array) =>
      uploadForm({ recording, image: samplePng(), context: { id, duration: 3, peaks: [] } });
    for (let round = 0; round < 6; round++) {
      const id = (await call(left.url, 'GET', '/api/get-vocal', { token })).body.id as string;
      const [first, second] = await Promise.all([
        call(left.url, 'POST', `/api/upload-vocal?id=${id}`, { token, form: form(id, round % 2 ? long : short) }),
        call(right.url, 'POST', `/api/upload-vocal?id=${id}`, { token, form: form(id, round % 2 ? short : long) }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.id, second.body.id]).toEqual([id, id]);
      const audio = await call(left.url, 'GET', `/api/view-vocal/${id}`);
      const stored = await probeAudioFile(join(left.dataDir, 'files', `${id}.mp3`));
      expect(Math.abs(stored!.durationSeconds - audio.body.audio.duration)).toBeLessThan(0.01);
    }
  }, 120_000);
});
