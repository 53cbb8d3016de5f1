import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/upload-form.ts';
import { createProcessScratch, isProcessAlive, removeDeadProcessLeftovers, scratchRootOf } from './process-scratch.ts';
import { runInOwnGroup } from './run-in-group.ts';

/** The pid of a process that has come and gone: what a killed server's pid looks like. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('process leftovers', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vocal-scratch-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("removes a dead process's temporary folders and kills the children it recorded, with their group", async () => {
    const dead = await deadPid();
    const folder = join(scratchRootOf(dataDir), String(dead));
    await mkdir(join(folder, 'transcribe-abc'), { recursive: true });
    await writeFile(join(folder, 'transcribe-abc', 'speech.raw'), 'pcm');
    // The orphan a killed server leaves: a child in its own group, still running.
    const orphan = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    orphan.unref();
    await mkdir(join(folder, 'children'), { recursive: true });
    await writeFile(join(folder, 'children', String(orphan.pid)), 'sleep');
    // A pid that now runs something else is never killed.
    const bystander = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    bystander.unref();
    await writeFile(join(folder, 'children', String(bystander.pid)), 'pocketsphinx_continuous');
    // A live process's folder is its own business.
    const live = join(scratchRootOf(dataDir), String(process.pid));
    await mkdir(live, { recursive: true });

    try {
      expect(await removeDeadProcessLeftovers(dataDir)).toEqual({ folders: 1, children: 1 });
      await waitFor(
        async () => isProcessAlive(orphan.pid!),
        (alive) => !alive,
      );
      expect(isProcessAlive(bystander.pid!)).toBe(true);
      expect(await readdir(scratchRootOf(dataDir))).toEqual([String(process.pid)]);
      expect((await stat(live)).isDirectory()).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
      orphan.kill('SIGKILL');
    }
  });

  it('records a running child and forgets it once it exits; an abort kills its whole group', async () => {
    const scratch = createProcessScratch(dataDir);
    const childrenFolder = join(scratchRootOf(dataDir), String(process.pid), 'children');
    const controller = new AbortController();
    // A shell that starts a grandchild: both must die with the group.
    const grandchildFile = join(dataDir, 'grandchild');
    const running = runInOwnGroup('sh', ['-c', `sleep 300 & echo $! > ${grandchildFile}; wait`], { signal: controller.signal, scratch });
    const recorded = await waitFor(
      () => readdir(childrenFolder),
      (names) => names.length === 1,
    );
    const grandchildPid = Number(
      await waitFor(
        () => readFile(grandchildFile, 'utf8').catch(() => ''),
        (text) => text.trim() !== '',
      ),
    );
    const shellPid = Number(recorded[0]);
    expect(isProcessAlive(shellPid)).toBe(true);
    controller.abort(new Error('stop'));
    await expect(running).rejects.toThrow('stop');
    expect(await readdir(childrenFolder)).toEqual([]);
    await waitFor(
      async () => isProcessAlive(shellPid) || isProcessAlive(grandchildPid),
      (alive) => !alive,
    );
    const folder = await scratch.temporaryFolder('transcribe');
    expect(folder.startsWith(join(scratchRootOf(dataDir), String(process.pid)))).toBe(true);
  });

  it('answers the output of a command that succeeds, and why one failed', async () => {
    const signal = new AbortController().signal;
    expect(await runInOwnGroup('sh', ['-c', 'echo hello'], { signal })).toBe('hello\n');
    await expect(runInOwnGroup('sh', ['-c', 'echo broken >&2; exit 3'], { signal })).rejects.toThrow('sh stopped with 3: broken');
  });
});
