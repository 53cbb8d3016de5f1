import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeLongMp3 } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAudioFile } from '../media/audio-file.ts';
import { createScratchDatabase } from '../../test/harness/scratch-database.ts';
import { callProcess } from '../../test/harness/process-call.ts';
import { samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';

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
  }, 900_000);
  afterAll(async () => {
    await Promise.all([left?.stop(), right?.stop()]);
    await scratch?.drop();
  });

  it('leave every row agreeing with its stored file', async () => {
    const email = `race-${Date.now()}@example.com`;
    const token = (await callProcess(left.url, 'POST', '/api/auth', { json: { email, password: 'correct horse battery' } })).body
      .access_token as string;
    const handoff = JSON.parse(await readFile(join(left.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
    expect(
      (await callProcess(handoff.url, 'POST', '/api/admin/users/plan', { admin: handoff.adminToken, json: { email, plan: 'pro' } })).status,
    ).toBe(200);

    const short = await threeSecondMp3();
    const long = await makeLongMp3(90);
    const form = (id: string, recording: Uint8Array) =>
      uploadForm({ recording, image: samplePng(), context: { id, duration: 3, peaks: [] } });
    for (let round = 0; round < 6; round++) {
      const id = (await callProcess(left.url, 'GET', '/api/get-vocal', { token })).body.id as string;
      const [first, second] = await Promise.all([
        callProcess(left.url, 'POST', `/api/upload-vocal?id=${id}`, { token, form: form(id, round % 2 ? long : short) }),
        callProcess(right.url, 'POST', `/api/upload-vocal?id=${id}`, { token, form: form(id, round % 2 ? short : long) }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.body.id, second.body.id]).toEqual([id, id]);
      const audio = await callProcess(left.url, 'GET', `/api/view-vocal/${id}`);
      const stored = await probeAudioFile(join(left.dataDir, 'files', `${id}.mp3`));
      expect(Math.abs(stored!.durationSeconds - audio.body.audio.duration)).toBeLessThan(0.01);
    }
  }, 900_000);
});
