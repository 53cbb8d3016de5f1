import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { callProcess } from '../../test/harness/process-call.ts';
import { createScratchDatabase } from '../../test/harness/scratch-database.ts';
import { backends } from '../../test/harness/test-server.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import pg from 'pg';

/**
 * Black-box tests of the queue across real server processes: one killed with SIGKILL in
 * the middle of a job, and two sharing one PostgreSQL database.
 */
type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

const jobEnv = (fake: Fake, extra: Record<string, string> = {}) => ({
  TRANSCRIBER: 'openai',
  TRANSCRIPTION_API_URL: fake.url,
  TRANSCRIPTION_TIMEOUT_SECONDS: '30',
  SUMMARY_MODEL: 'chat-small',
  JOB_LEASE_SECONDS: '3',
  JOB_POLL_MS: '100',
  JOB_RETRY_BASE_SECONDS: '0.1',
  LOG_LEVEL: 'error',
  ...extra,
});

const handoffOf = async (dataDir: string) =>
  JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as { url: string; pid: number; adminToken: string };

/** A Pro user on the running server, through its admin token as `pnpm admin` would. */
async function proUser(process: ApiProcess, email: string) {
  const signedUp = await callProcess(process.url, 'POST', '/api/auth', { json: { email, password: 'correct horse battery' } });
  expect(signedUp.status).toBe(201);
  // The server that wrote server.json last answers with its own token.
  const handoff = await handoffOf(process.dataDir);
  expect(
    (await callProcess(handoff.url, 'POST', '/api/admin/users/plan', { admin: handoff.adminToken, json: { email, plan: 'pro' } })).status,
  ).toBe(200);
  return signedUp.body.access_token as string;
}

async function sendMessage(base: string, token: string) {
  const id = (await callProcess(base, 'GET', '/api/get-vocal', { token })).body.id as string;
  const reply = await callProcess(base, 'POST', '/api/upload-vocal', {
    token,
    form: uploadForm({ recording: await threeSecondMp3(), image: samplePng(), context: { id, duration: 3, peaks: [0.1] } }),
  });
  expect(reply.status).toBe(200);
  return id;
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.each(backends)('jobs across server processes on %s', (backend) => {
  let fake: Fake;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const running: ApiProcess[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    if (backend === 'postgres') scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await Promise.all(running.map((child) => child.stop().catch(() => {})));
    await fake.close();
    await scratch?.drop();
  });
  const databaseEnv = (): Record<string, string> => (scratch ? { DATABASE_URL: scratch.url } : {});

  // On the embedded database, the default: one process at a time, so the next one takes the
  // killed one's job back as it starts, without waiting out its lease. The lease here is longer
  // than any test: a lease of seconds ran out under a loaded check while the job still ran.
  // (Taking over a silent holder's lease is job-queue.test.ts's.)
  it.runIf(backend === 'pglite')(
    'a job whose server was killed mid-run runs again when the server restarts, and completes exactly once',
    async () => {
      fake.reset();
      fake.script('transcriptions', { kind: 'hang' }, { kind: 'answer', body: verboseJson('Survived the crash.') });
      const env = jobEnv(fake, { ...databaseEnv(), JOB_LEASE_SECONDS: '3600' });
      const first = await startApiProcess({ env });
      const token = await proUser(first, `crash-${backend}@example.com`);
      const id = await sendMessage(first.url, token);
      await waitFor(
        async () => fake.transcriptionCalls(),
        (calls) => calls === 1,
      );

      const { pid } = await handoffOf(first.dataDir);
      process.kill(pid, 'SIGKILL');
      await waitFor(
        async () => processAlive(pid),
        (alive) => !alive,
      );

      const second = await startApiProcess({ dataDir: first.dataDir, env });
      running.push(second);
      const state = await waitFor(
        async () => (await callProcess(second.url, 'GET', `/api/transcription/${id}`, { token })).body,
        (body) => body.status === 'complete' && body.summary !== null,
      );
      expect(state.transcription[0].sentences[0].text).toBe('Survived the crash.');
      // A while later: nothing runs a second time.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(fake.transcriptionCalls()).toBe(2);
      expect(fake.chatCalls()).toBe(1);
      expect((await callProcess(second.url, 'GET', `/api/view-vocal/${id}`)).body.audio.summary).toBe('A short summary.');
      await second.stop();
    },
  );

  it.runIf(backend === 'postgres')('two servers on one PostgreSQL share the jobs and never run one twice', async () => {
    fake.reset();
    fake.fallback('transcriptions', { kind: 'answer', body: verboseJson('Shared work.'), delayMs: 150 });
    const env = jobEnv(fake, { ...databaseEnv(), JOB_CONCURRENCY: '2', JOB_LEASE_SECONDS: '10' });
    // Servers that share jobs share storage too (here one local folder; in production S3).
    const left = await startApiProcess({ env });
    const right = await startApiProcess({ env, dataDir: left.dataDir });
    running.push(left, right);
    const token = await proUser(left, `shared-${backend}@example.com`);
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) ids.push(await sendMessage(index % 2 ? right.url : left.url, token));
    for (const id of ids) {
      await waitFor(
        async () => (await callProcess(left.url, 'GET', `/api/transcription/${id}`, { token })).body.status,
        (status) => status === 'complete',
      );
    }
    expect(fake.transcriptionCalls()).toBe(12);
    const client = new pg.Client({ connectionString: scratch!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ attempts: number; leased_by: string }>(
        "select attempts, leased_by from jobs where kind = 'transcribe' and key = any($1)",
        [ids.map((id) => `transcribe:${id}`)],
      );
      expect(rows).toHaveLength(12);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
      // Both processes took part.
      expect(new Set(rows.map((row) => row.leased_by.split(':')[1])).size).toBe(2);
    } finally {
      await client.end();
    }
    await Promise.all([left.stop(), right.stop()]);
  });
});
