import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, startFakeOpenAi, verboseJson, type ApiProcess } from '@vocal/e2e';
import { callProcess } from '../test/harness/process-call.ts';
import { startS3TestServer } from '../test/harness/s3-test-server.ts';
import { createScratchDatabase } from '../test/harness/scratch-database.ts';
import { writeStandInWebBuild } from '../test/harness/stand-in-web-build.ts';
import { startSmtpCapture } from '@vocal/test-fixtures/smtp';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../test/harness/upload-form.ts';

/**
 * Issue 13, scale out: two server processes on one PostgreSQL database and one S3-compatible
 * store (s3rver, as the storage tests use), each with a data folder of its own, behave as one.
 * Started once; every check makes a change through one process and looks through the other.
 * docs/decisions/0035-scale-out.md.
 */
const CACHE_SECONDS = 2;
const SIGN_INS_PER_MINUTE = 4;
const PASSWORD = 'correct horse battery';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

/** Every file under `folder`, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL and one S3 store', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let fake: Fake;
  let smtp: Smtp;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let one: ApiProcess;
  let two: ApiProcess;
  let token: string;
  let id: string;
  let mp3: Uint8Array;
  let webDist: string;
  let progressiveUploads: string;

  beforeAll(async () => {
    // The listen page's template from a stand-in build: this suite need not wait for the web app's.
    webDist = await writeStandInWebBuild(await mkdtemp(join(tmpdir(), 'vocal-scale-out-web-')));
    progressiveUploads = await mkdtemp(join(tmpdir(), 'vocal-scale-out-uploads-'));
    s3 = await startS3TestServer();
    fake = await startFakeOpenAi();
    fake.fallback('transcriptions', { kind: 'answer', body: verboseJson('Said once, heard twice.') });
    smtp = await startSmtpCapture();
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    const env = {
      DATABASE_URL: scratch.url,
      STORAGE: 's3',
      S3_BUCKET: 'vocal-files',
      S3_ENDPOINT: s3.url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: smtp.url,
      // No JWT_SECRET: the processes must agree on the one kept in the database.
      JWT_SECRET: '',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(SIGN_INS_PER_MINUTE),
      PUBLIC_CACHE_SECONDS: String(CACHE_SECONDS),
      TRANSCRIBER: 'openai',
      TRANSCRIPTION_API_URL: fake.url,
      JOB_POLL_MS: '100',
      LOG_LEVEL: 'error',
      WEB_DIST: webDist,
      // One folder for both, as deploy/compose.yaml shares one volume between replicas.
      PROGRESSIVE_UPLOADS_DIR: progressiveUploads,
    };
    // Started together, as an orchestrator would: both migrate and make the secret at once.
    [one, two] = await Promise.all([startApiProcess({ env }), startApiProcess({ env })]);
    expect(one.dataDir).not.toBe(two.dataDir);
    mp3 = await threeSecondMp3();
  });

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await scratch?.drop();
    await fake?.close();
    await smtp?.close();
    await s3?.close();
    if (webDist) await rm(webDist, { recursive: true, force: true });
    if (progressiveUploads) await rm(progressiveUploads, { recursive: true, force: true });
  });

  it('a recording uploaded through one process is listed, listened to and played through the other', async () => {
    const signedUp = await callProcess(one.url, 'POST', '/api/auth', { json: { email: 'owner@example.com', password: PASSWORD } });
    expect(signedUp.status).toBe(201);
    token = signedUp.body.access_token as string;
    // Transcripts are a Pro feature: the plan is set as `pnpm admin` does, through process one.
    const handoff = JSON.parse(await readFile(join(one.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
    const plan = await callProcess(handoff.url, 'POST', '/api/admin/users/plan', {
      admin: handoff.adminToken,
      json: { email: 'owner@example.com', plan: 'pro' },
    });
    expect(plan.status).toBe(200);
    // A token one process signed is good on the other.
    id = (await callProcess(two.url, 'GET', '/api/get-vocal', { token })).body.id as string;
    const uploaded = await callProcess(one.url, 'POST', '/api/upload-vocal', {
      token,
      form: uploadForm({ recording: mp3, image: samplePng(), context: { id, duration: 3, peaks: [0.1] } }),
    });
    expect(uploaded.status).toBe(200);

    const inbox = await callProcess(two.url, 'GET', '/api/inbox', { token });
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.body)).toContain(id);
    const page = await callProcess(two.url, 'GET', `/api/view-vocal/${id}`);
    expect(page.status).toBe(200);
    const listen = await fetch(`${two.url.replace('localhost', '127.0.0.1')}/listen/${id}`);
    expect(listen.status).toBe(200);
    expect(await listen.text()).toContain(id);
    // Played from the bucket's public URL and through the other process's file route alike.
    const fromBucket = await fetch(page.body.audio.audioUrl as string);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(Buffer.from(mp3))).toBe(true);
    const fromTwo = await fetch(`${two.url.replace('localhost', '127.0.0.1')}/files/${id}.mp3`, { headers: { range: 'bytes=0-9' } });
    expect(fromTwo.status).toBe(206);
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(mp3.subarray(0, 10)))).toBe(true);
  });

  it('runs the upload’s transcription once, though both processes poll for jobs', async () => {
    const transcript = await waitFor(
      async () => (await callProcess(two.url, 'GET', `/api/transcription/${id}`, { token })).body,
      (body) => body.status === 'complete',
    );
    expect(transcript.transcription[0].sentences[0].text).toBe('Said once, heard twice.');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; attempts: number }>('select state, attempts from jobs where key = $1', [
        `transcribe:${id}`,
      ]);
      expect(rows).toEqual([{ state: 'done', attempts: 1 }]);
    } finally {
      await client.end();
    }
    expect(fake.transcriptionCalls()).toBe(1);
  });

  it('takes a recording sent while it is recorded piece by piece through either process (tus), as one message', async () => {
    const streamed = (await callProcess(one.url, 'GET', '/api/get-vocal', { token })).body.id as string;
    const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${one.url}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${Buffer.from(streamed).toString('base64')}` },
    });
    expect(created.status).toBe(201);
    // Each piece to the other process than the one before, as a load balancer may send them.
    const pieces = [0, 7_000, 14_000, mp3.length];
    for (let index = 0; index < pieces.length - 1; index++) {
      const via = index % 2 === 0 ? two : one;
      const [start, end] = [pieces[index]!, pieces[index + 1]!];
      const patched = await fetch(`${via.url}/api/uploads/${streamed}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
          ...(end === mp3.length ? { 'upload-length': String(mp3.length) } : {}),
        },
        body: mp3.subarray(start, end),
      });
      expect(patched.status).toBe(204);
    }
    const shared = await callProcess(two.url, 'POST', `/api/upload-vocal?id=${streamed}`, {
      token,
      form: uploadForm({ context: { id: streamed, duration: 3, peaks: [0.1, 0.8] } }),
    });
    expect(shared.status).toBe(200);
    const page = await callProcess(one.url, 'GET', `/api/view-vocal/${streamed}`);
    expect(Buffer.from(await (await fetch(page.body.audio.audioUrl as string)).arrayBuffer()).equals(Buffer.from(mp3))).toBe(true);
    expect(await readdir(progressiveUploads)).toEqual([]);
  });

  it('counts sign-in attempts from one address across both processes', async () => {
    const attempt = (index: number) =>
      fetch(`${(index % 2 ? two : one).url.replace('localhost', '127.0.0.1')}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.40' },
        body: JSON.stringify({ email: `guess-${index}@example.com`, password: 'not the password' }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    for (let index = 0; index <= SIGN_INS_PER_MINUTE; index++) statuses.push(await attempt(index));
    expect(statuses.slice(0, SIGN_INS_PER_MINUTE).every((status) => status !== 429)).toBe(true);
    expect(statuses[SIGN_INS_PER_MINUTE]).toBe(429);
  });

  it('shows a rename and a deletion made through one process through the other within PUBLIC_CACHE_SECONDS', async () => {
    const subjectOnTwo = async () => (await callProcess(two.url, 'GET', `/api/view-vocal/${id}`)).body.audio?.subject;
    // Process two holds the page in memory now.
    const before = await subjectOnTwo();
    const renamed = await callProcess(one.url, 'POST', `/api/edit/${id}`, { token, json: { subject: 'Renamed through one' } });
    expect(renamed.status).toBe(200);
    expect(before).not.toBe('Renamed through one');
    await waitFor(subjectOnTwo, (subject) => subject === 'Renamed through one');

    expect((await callProcess(one.url, 'DELETE', `/api/delete/${id}`, { token })).status).toBe(200);
    await waitFor(
      async () => (await callProcess(two.url, 'GET', `/api/view-vocal/${id}`)).status,
      (status) => status === 404 || status === 410,
    );
    const listen = await fetch(`${two.url.replace('localhost', '127.0.0.1')}/listen/${id}`);
    expect(listen.status).not.toBe(200);
  });

  it('keeps nothing in either data folder that the other process needs', async () => {
    // Mail went to SMTP, files to the bucket, rows to PostgreSQL: what is left is each process's
    // own hand-off file for `pnpm admin` and its scratch folder.
    for (const folder of [one.dataDir, two.dataDir]) {
      const left = (await filesUnder(folder)).filter((path) => path !== 'server.json' && !path.startsWith('tmp/'));
      expect(left).toEqual([]);
    }
  });
});
