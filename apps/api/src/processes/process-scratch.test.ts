import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/harness/upload-form.ts';
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

  it('kills a child the dead process had no time to record: its command line names a file in that folder', async () => {
    const dead = await deadPid();
    const folder = join(scratchRootOf(dataDir), String(dead));
    await mkdir(join(folder, 'transcribe-abc'), { recursive: true });
    const input = join(folder, 'transcribe-abc', 'speech.raw');
    await writeFile(input, 'pcm');
    // Started, then the server was killed before it wrote the child's record.
    const unrecorded = spawn('sh', ['-c', 'sleep 300; :', 'transcriber', '-infile', input], { detached: true, stdio: 'ignore' });
    unrecorded.unref();
    // Another data folder's child, whose path merely starts the same, is not ours.
    const other = spawn('sh', ['-c', 'sleep 300; :', 'transcriber', `${folder}0/speech.raw`], { detached: true, stdio: 'ignore' });
    other.unref();
    try {
      await waitFor(
        () => readFile(`/proc/${unrecorded.pid}/cmdline`, 'utf8').catch(() => ''),
        (commandLine) => commandLine.includes(input),
      );
      expect(await removeDeadProcessLeftovers(dataDir)).toEqual({ folders: 1, children: 1 });
      await waitFor(
        async () => isProcessAlive(unrecorded.pid!),
        (alive) => !alive,
      );
      expect(isProcessAlive(other.pid!)).toBe(true);
    } finally {
      for (const child of [unrecorded, other]) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
  });

  it('counts a zombie (exited, not yet reaped) as dead: a killed orphan waits on PID 1 to reap it', async () => {
    // The shell starts a child, then becomes a sleep that never reaps it. The child exits only
    // once its parent is that sleep: had it exited sooner, the shell might have reaped it.
    const child = 'while [ "$(cat /proc/$PPID/comm)" = sh ]; do sleep 0.01; done';
    const parent = spawn('sh', ['-c', 'sh -c "$1" & echo $!; exec sleep 300', 'parent', child], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))),
      );
      await waitFor(
        () => readFile(`/proc/${zombie}/stat`, 'utf8'),
        (stat) => stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z'),
      );
      // Signal 0 still reaches it, which is what made a killed transcriber look alive.
      expect(() => process.kill(zombie, 0)).not.toThrow();
      expect(isProcessAlive(zombie)).toBe(false);
      expect(isProcessAlive(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
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
