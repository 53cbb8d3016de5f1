import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiProgramEntry, startApiProcess, type ApiProcess } from '@vocal/e2e';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { callProcess } from '../../test/harness/process-call.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';
import { runBackup, runRestore } from './backup-command.ts';

const run = promisify(execFile);
const appFolder = new URL('../..', import.meta.url).pathname;

/** `pnpm admin ...` as an operator runs it: its own process, configured only by the environment. */
async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...apiProgramEntry('admin'), ...args], {
      cwd: appFolder,
      env: { ...process.env, DATABASE_URL: '', STORAGE: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const fetchBytes = async (url: string) => {
  const response = await fetch(url.replace('localhost', '127.0.0.1'));
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
};

describe('pnpm admin backup and restore', () => {
  const servers: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('backs up a running server and restores into a new folder where the message still plays', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'vocal-backup-'));
    const original = await startApiProcess({ env: { TRANSCRIBER: 'none' } });
    servers.push(original);
    const signUp = await callProcess(original.url, 'POST', '/api/auth', {
      json: { email: 'backup@example.com', password: 'correct horse battery' },
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.access_token as string;
    const id = (await callProcess(original.url, 'GET', '/api/get-vocal', { token })).body.id as string;
    const mp3 = await threeSecondMp3();
    const form = uploadForm({ recording: mp3, image: samplePng(), context: { id, duration: 3, peaks: samplePeaks } });
    expect((await callProcess(original.url, 'POST', '/api/upload-vocal', { token, form })).status).toBe(200);
    const listenBefore = await callProcess(original.url, 'GET', `/api/view-vocal/${id}`);
    expect(listenBefore.status).toBe(200);
    const audioBefore = await fetchBytes(listenBefore.body.audio.audioUrl as string);
    expect(audioBefore.status).toBe(200);

    // While the server runs and holds the database.
    const backupFile = join(scratch, 'vocal.tar');
    const backup = await admin({ DATA_DIR: original.dataDir }, 'backup', '--to', backupFile);
    expect(backup.stderr).toBe('');
    expect(JSON.parse(backup.stdout)).toMatchObject({ to: backupFile, through: 'server' });
    expect((await stat(backupFile)).size).toBeGreaterThan(mp3.length);

    // The server is still whole after it: it keeps answering for the message.
    expect((await callProcess(original.url, 'GET', `/api/view-vocal/${id}`)).status).toBe(200);
    await original.stop();

    const freshFolder = join(scratch, 'restored');
    const restored = await admin({ DATA_DIR: freshFolder }, 'restore', '--from', backupFile);
    expect(restored.stderr).toBe('');
    expect(JSON.parse(restored.stdout)).toMatchObject({ dataDir: freshFolder, files: 2 });

    const revived = await startApiProcess({ dataDir: freshFolder, env: { TRANSCRIBER: 'none' } });
    servers.push(revived);
    const listenAfter = await callProcess(revived.url, 'GET', `/api/view-vocal/${id}`);
    expect(listenAfter.status).toBe(200);
    // The same listen data; only the origin differs (another port).
    const sameOrigin = (body: unknown, origin: string) => JSON.stringify(body).replaceAll(origin, 'ORIGIN');
    expect(sameOrigin(listenAfter.body, revived.url)).toBe(sameOrigin(listenBefore.body, original.url));
    const audioAfter = await fetchBytes(listenAfter.body.audio.audioUrl as string);
    expect(audioAfter).toMatchObject({ status: 200, type: 'audio/mpeg' });
    expect(Buffer.from(audioAfter.bytes).equals(Buffer.from(audioBefore.bytes))).toBe(true);
    // The account came back too: its password still signs in.
    const signIn = await callProcess(revived.url, 'POST', '/api/auth', {
      json: { email: 'backup@example.com', password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);
    // Server starts from source, the admin command twice and a restore: minutes on a busy machine, only to catch a hang.
  }, 600_000);

  // In process: the refusals are decided before anything is opened, and each command process costs seconds.
  it('refuses PostgreSQL, S3, a folder with data and a file that is not a backup, writing nothing', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'vocal-backup-refusals-'));
    const to = join(scratch, 'never.tar');
    const configFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: scratch, ...env });
    await expect(
      runBackup({ config: configFor({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }), to, server: null }),
    ).rejects.toThrow(/DATABASE_URL is set.*deploy\/README\.md.*pg_dump/);
    await expect(runBackup({ config: configFor({ STORAGE: 's3', S3_BUCKET: 'vocal' }), to, server: null })).rejects.toThrow(
      /STORAGE=s3.*bucket/,
    );
    await expect(runRestore({ config: configFor({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }), from: to })).rejects.toThrow(
      /DATABASE_URL is set/,
    );
    await expect(runBackup({ config: configFor({}), to, server: null })).rejects.toThrow(/No embedded database/);
    expect(await readdir(scratch)).toEqual([]);

    const notBackup = join(scratch, 'notes.txt');
    await writeFile(notBackup, 'just some text, not a tar at all '.repeat(40));
    const fresh = join(scratch, 'fresh');
    await expect(runRestore({ config: loadConfig({ DATA_DIR: fresh }), from: notBackup })).rejects.toThrow(/Not a Vocal backup/);
    // The folder it would have made is not left behind.
    expect(await readdir(scratch)).toEqual(['notes.txt']);

    // A folder with anything in it is refused before the backup is even read.
    await expect(runRestore({ config: loadConfig({ DATA_DIR: scratch }), from: notBackup })).rejects.toThrow(/is not empty/);
    expect(await readFile(notBackup, 'utf8')).toMatch(/^just some text/);
  });
});
