import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { encodeMp3, GO_FORWARD, goForwardPcm, makeLongMp3, makeMp3 } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, scratchRootOf } from './processes/process-scratch.ts';
import { createScratchDatabase } from '../test/harness/scratch-database.ts';
import { callProcess } from '../test/harness/process-call.ts';
import { backends } from '../test/harness/test-server.ts';
import { samplePng, uploadForm, waitFor } from '../test/harness/upload-form.ts';

/**
 * kill -9 of a real server process in the middle of uploads, a transcription and a
 * re-encode, then a restart on the same data folder and database: every upload that got a
 * 200 is intact, none that did not is public, the jobs finish and nothing is left behind.
 * Each kill waits for a condition (bytes sent, a child started, a job running), never a time.
 */

const handoffOf = async (dataDir: string) =>
  JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as { url: string; pid: number; adminToken: string };

/** A multipart upload whose body stops halfway until the server is gone. */
async function stalledUpload(base: string, token: string, form: FormData) {
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const half = Math.floor(bytes.byteLength / 2);
  const progress = { sent: 0, half };
  let sentHalf = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sentHalf) return new Promise<void>(() => {});
      sentHalf = true;
      controller.enqueue(bytes.subarray(0, half));
      progress.sent = half;
    },
  });
  const outcome = fetch(`${base.replace('localhost', '127.0.0.1')}/api/upload-vocal`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
    body,
    duplex: 'half',
  } as RequestInit).then(
    (response) => response.status,
    () => 'connection lost' as const,
  );
  return { progress, outcome };
}

/** DATA_DIR/tmp as text: each process's folder and the children it recorded, for a failure message. */
async function scratchContents(dataDir: string): Promise<string> {
  const root = scratchRootOf(dataDir);
  const lines: string[] = [];
  for (const owner of await readdir(root).catch(() => [])) {
    const records = await readdir(join(root, owner, 'children')).catch(() => []);
    const children = await Promise.all(
      records.map(async (pid) => `${pid}=${await readFile(join(root, owner, 'children', pid), 'utf8').catch(() => '?')}`),
    );
    lines.push(`${owner} (alive: ${isProcessAlive(Number(owner))}) children [${children.join(' ')}]`);
  }
  return lines.join('; ') || 'nothing';
}

/** A process's state, parent and command line from /proc, for a failure message. */
async function describeProcess(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => 'gone');
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return `stat ${stat.trim()} | cmdline ${commandLine.replaceAll('\0', ' ')}`;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe.each(backends)('crash recovery (kill -9) on %s', (backend) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let gate: string;
  let wrapper: string;
  let server: ApiProcess;
  beforeAll(async () => {
    if (backend === 'postgres') scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    // pocketsphinx behind a gate: each run says it started, then waits for the test to let it
    // through, so the server can be killed while its child is certainly running.
    gate = await mkdtemp(join(tmpdir(), 'vocal-crash-gate-'));
    wrapper = join(gate, 'gated-pocketsphinx.sh');
    await writeFile(
      wrapper,
      `#!/bin/sh\necho $$ > "${gate}/started.$$"\nwhile [ ! -f "${gate}/open" ]; do sleep 0.05; done\nexec pocketsphinx_continuous "$@"\n`,
    );
    await chmod(wrapper, 0o755);
    server = await startApiProcess({
      env: {
        TRANSCRIBER: 'local',
        POCKETSPHINX_PATH: wrapper,
        // The embedded database's next server takes a killed one's jobs back as it starts: a lease
        // longer than the test, which no slow heartbeat can lose. PostgreSQL's waits the lease out:
        // ten seconds, as a lease of two ran out under a loaded check while the job still ran.
        JOB_LEASE_SECONDS: backend === 'pglite' ? '3600' : '10',
        JOB_POLL_MS: '100',
        JOB_RETRY_BASE_SECONDS: '0.1',
        EXPIRY_SWEEP_SECONDS: '1',
        // Info: a failure message then shows what each start removed.
        LOG_LEVEL: 'info',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
    });
  });
  afterAll(async () => {
    await server?.stop().catch(() => {});
    // Whatever a failed test left running must not outlive it.
    for (const name of await readdir(gate).catch(() => [])) {
      const pid = Number(/^started\.(\d+)$/.exec(name)?.[1]);
      if (pid && isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    await rm(gate, { recursive: true, force: true });
    await rm(server?.dataDir ?? '', { recursive: true, force: true });
    await scratch?.drop();
  });

  const url = () => server.url;

  async function killServer() {
    const { pid } = await handoffOf(server.dataDir);
    process.kill(pid, 'SIGKILL');
    await waitFor(
      async () => isProcessAlive(pid),
      (alive) => !alive,
    );
    return pid;
  }

  async function signUp(email: string) {
    const reply = await callProcess(url(), 'POST', '/api/auth', { json: { email, password: 'correct horse battery' } });
    expect(reply.status).toBe(201);
    return reply.body.access_token as string;
  }

  async function makePro(email: string) {
    const handoff = await handoffOf(server.dataDir);
    const reply = await callProcess(handoff.url, 'POST', '/api/admin/users/plan', {
      admin: handoff.adminToken,
      json: { email, plan: 'pro' },
    });
    expect(reply.status).toBe(200);
  }

  async function jobState(key: string) {
    const handoff = await handoffOf(server.dataDir);
    const reply = await callProcess(handoff.url, 'GET', `/api/admin/jobs/${encodeURIComponent(key)}`, { admin: handoff.adminToken });
    return reply.status === 200 ? (reply.body.state as string) : null;
  }

  const reserve = async (token: string) => (await callProcess(url(), 'GET', '/api/get-vocal', { token })).body.id as string;
  const formFor = (id: string, audio: Uint8Array) =>
    uploadForm({ recording: audio, image: samplePng(), context: { id, duration: 3, peaks: [0.3] } });

  /** No half-written file, no temporary folder of a dead process, no child of one. */
  async function expectNoDebris() {
    const files = await filesUnder(join(server.dataDir, 'files'));
    expect(files.filter((path) => path.endsWith('.partial'))).toEqual([]);
    const { pid } = await handoffOf(server.dataDir);
    const folders = await readdir(scratchRootOf(server.dataDir)).catch(() => []);
    expect(folders.filter((name) => name !== String(pid))).toEqual([]);
  }

  it('during 10 uploads: every upload that got a 200 is intact, none that did not is public', async () => {
    const token = await signUp(`uploads-${backend}@example.com`);
    const audio = await makeMp3(20);
    const stalledIds = await Promise.all(Array.from({ length: 5 }, () => reserve(token)));
    const stalled = await Promise.all(stalledIds.map((id) => stalledUpload(url(), token, formFor(id, audio))));
    const finishedIds = await Promise.all(Array.from({ length: 5 }, () => reserve(token)));
    const finished = await Promise.all(
      finishedIds.map((id) => callProcess(url(), 'POST', '/api/upload-vocal', { token, form: formFor(id, audio) })),
    );
    expect(finished.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    await waitFor(async () => stalled.every((upload) => upload.progress.sent === upload.progress.half), Boolean);

    await killServer();
    expect(await Promise.all(stalled.map((upload) => upload.outcome))).toEqual(Array(5).fill('connection lost'));
    await server.restart();

    for (const id of finishedIds) {
      expect((await callProcess(url(), 'GET', `/api/view-vocal/${id}`)).status).toBe(200);
      const file = await fetch(`${url().replace('localhost', '127.0.0.1')}/files/${id}.mp3`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(audio))).toBe(true);
    }
    for (const id of stalledIds) {
      expect((await callProcess(url(), 'GET', `/api/view-vocal/${id}`)).status).toBe(404);
      expect((await callProcess(url(), 'GET', `/files/${id}.mp3`)).status).toBe(404);
      expect((await callProcess(url(), 'GET', `/files/${id}.png`)).status).toBe(404);
    }
    await expectNoDebris();
    const stored = (await filesUnder(join(server.dataDir, 'files'))).map((path) => path.slice(path.lastIndexOf('/') + 1));
    for (const id of stalledIds) expect(stored.filter((name) => name.startsWith(id))).toEqual([]);
  }, 600_000);

  it('during a transcription: the child of the killed server is killed at restart, and the job finishes', async () => {
    const email = `transcript-${backend}@example.com`;
    const token = await signUp(email);
    await makePro(email);
    const speech = await encodeMp3(await goForwardPcm(), GO_FORWARD.sampleRate);
    const id = await reserve(token);
    expect((await callProcess(url(), 'POST', '/api/upload-vocal', { token, form: formFor(id, speech) })).status).toBe(200);
    const started = await waitFor(
      () => readdir(gate),
      (names) => names.some((name) => name.startsWith('started.')),
    );
    const orphan = Number(started.find((name) => name.startsWith('started.'))!.slice('started.'.length));

    const deadServer = await killServer();
    // SIGKILL gives a server no chance to clean up: its child is still running.
    expect(isProcessAlive(orphan)).toBe(true);
    const leftBehind = await scratchContents(server.dataDir);
    await server.restart();
    try {
      await waitFor(
        async () => isProcessAlive(orphan),
        (alive) => !alive,
      );
    } catch (error) {
      // Whatever happens, the gate opens: a transcriber left waiting would hold the media lane.
      await writeFile(join(gate, 'open'), '');
      throw new Error(
        [
          `${String(error)}: the killed server's transcriber (pid ${orphan}) still runs after the restart.`,
          `It: ${await describeProcess(orphan)}`,
          `Before the restart DATA_DIR/tmp held: ${leftBehind}`,
          `After it: ${await scratchContents(server.dataDir)}`,
          `The gate saw: ${(await readdir(gate)).join(', ')}`,
          `The server said:\n${server.output().slice(-4000)}`,
        ].join('\n'),
        { cause: error },
      );
    }
    expect((await readdir(scratchRootOf(server.dataDir))).includes(String(deadServer))).toBe(false);

    await writeFile(join(gate, 'open'), '');
    const state = await waitFor(
      async () => (await callProcess(url(), 'GET', `/api/transcription/${id}`, { token })).body,
      (body) => body.status !== 'loading',
    );
    expect(state.status).toBe('complete');
    expect((await callProcess(url(), 'GET', `/api/view-vocal/${id}`)).body.audio.transcription[0].sentences[0].text).toBe(
      'Go forward ten meters.',
    );
    for (const name of await readdir(gate)) {
      const pid = Number(/^started\.(\d+)$/.exec(name)?.[1]);
      if (pid) {
        await waitFor(
          async () => isProcessAlive(pid),
          (alive) => !alive,
        );
      }
    }
    await expectNoDebris();
  }, 600_000);

  it('during a re-encode: the job runs again after the restart and finishes', async () => {
    const token = await signUp(`reencode-${backend}@example.com`);
    const original = await makeLongMp3(58);
    // Killed once its job is seen running; a machine fast enough to finish a re-encode
    // between two looks gets another message to re-encode.
    let id = '';
    let caughtRunning = false;
    for (let attempt = 0; attempt < 5 && !caughtRunning; attempt++) {
      id = await reserve(token);
      expect((await callProcess(url(), 'POST', '/api/upload-vocal', { token, form: formFor(id, original) })).status).toBe(200);
      // Answers once the job is done or the server is gone; the job's state says which.
      void callProcess(url(), 'GET', `/api/reencode/${id}`, { token }).catch(() => {});
      const key = `reencode:${id}`;
      const seen = await waitFor(
        () => jobState(key),
        (state) => state === 'running' || state === 'done',
      );
      caughtRunning = seen === 'running';
    }
    expect(caughtRunning, 'no re-encode was seen running').toBe(true);
    await killServer();

    await server.restart();
    await waitFor(
      () => jobState(`reencode:${id}`),
      (state) => state === 'done',
    );
    const file = await fetch(`${url().replace('localhost', '127.0.0.1')}/files/${id}.mp3`);
    expect(file.status).toBe(200);
    const reencoded = Buffer.from(await file.arrayBuffer());
    expect(reencoded.equals(Buffer.from(original))).toBe(false);
    expect((await callProcess(url(), 'GET', `/api/view-vocal/${id}`)).body.audio.duration).toBeGreaterThan(57);
    await expectNoDebris();
  }, 600_000);
});
