import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Each server process keeps its temporary folders and the ids of the child processes it
 * starts under DATA_DIR/tmp/{pid}. A process killed with SIGKILL cannot clean up after
 * itself, so the next server to start does it: folders of processes that are no longer
 * alive are removed, and the children they list are killed with their process group.
 */
export const scratchRootOf = (dataDir: string) => join(dataDir, 'tmp');
/** This process's own folder: anything temporary belongs under it, to be cleaned after a crash. */
export const processScratchFolder = (dataDir: string) => join(scratchRootOf(dataDir), String(process.pid));

/**
 * Whether a process still runs. A zombie (exited, not yet reaped) does not: signal 0 reaches
 * it, but it holds nothing. Orphans are reaped by PID 1, and a container's PID 1 may take
 * its time (seconds on the CI machines), so a killed orphan would otherwise look alive.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !hasExited(pid);
}

const procAvailable = existsSync('/proc/self/stat');

/**
 * Linux: a zombie's state letter is Z (it follows the command name in parentheses, which may
 * hold spaces), and a process gone since the signal has no entry. Elsewhere: not known.
 */
function hasExited(pid: number): boolean {
  if (!procAvailable) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return stat.slice(end + 2, end + 3) === 'Z';
  } catch {
    return true;
  }
}

/** The command line of a live process (Linux); null elsewhere or when it is gone. */
async function commandLineOf(pid: number): Promise<string | null> {
  return readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.replaceAll('\0', ' '),
    () => null,
  );
}

/** The command lines of this machine's processes but this one (Linux), read once; none elsewhere. */
async function processCommandLines(): Promise<Map<number, string>> {
  const commandLines = new Map<number, string>();
  if (!procAvailable) return commandLines;
  for (const pid of (await readdir('/proc').catch(() => [])).map(Number)) {
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const commandLine = await commandLineOf(pid);
    if (commandLine !== null) commandLines.set(pid, commandLine);
  }
  return commandLines;
}

function killGroup(pid: number) {
  try {
    // Negative: the whole group, so nothing the child started survives it either.
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Children of this process still running, across every server it hosts (tests host several). */
const liveChildren = new Set<number>();
const ownFolders = new Set<string>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Synchronous: 'exit' listeners cannot wait, and a child must not outlive us.
  process.on('exit', () => {
    for (const pid of liveChildren) killGroup(pid);
    for (const folder of ownFolders) rmSync(folder, { recursive: true, force: true });
  });
}

export type ProcessScratch = {
  /** A new empty folder of this process's own; the caller removes it when done. */
  temporaryFolder(prefix: string): Promise<string>;
  /**
   * Records a child started with `detached: true` (its own process group), so it is killed
   * when this process exits, and by the next server if this one is killed. Answers a
   * function to call once the child has exited.
   */
  trackChild(child: ChildProcess): () => void;
};

export function createProcessScratch(dataDir: string): ProcessScratch {
  const own = processScratchFolder(dataDir);
  const children = join(own, 'children');
  let ready = false;
  const prepare = () => {
    if (ready) return;
    mkdirSync(children, { recursive: true });
    installExitHook();
    ownFolders.add(own);
    ready = true;
  };

  return {
    async temporaryFolder(prefix) {
      prepare();
      return mkdtemp(join(own, `${prefix}-`));
    },
    trackChild(child) {
      prepare();
      const pid = child.pid;
      if (pid === undefined) return () => {};
      liveChildren.add(pid);
      const record = join(children, String(pid));
      writeFileSync(record, basename(child.spawnfile));
      return () => {
        liveChildren.delete(pid);
        rmSync(record, { force: true });
      };
    },
  };
}

/**
 * Removes what processes that died without cleaning up left under DATA_DIR/tmp: their
 * temporary folders, and their children (killed, when the pid still runs the command that
 * was recorded, so a reused pid is never hit). Answers how many of each.
 */
export async function removeDeadProcessLeftovers(dataDir: string): Promise<{ folders: number; children: number }> {
  const root = scratchRootOf(dataDir);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let folders = 0;
  let children = 0;
  let running: Map<number, string> | undefined;
  for (const entry of entries) {
    const pid = Number(entry.name);
    if (!entry.isDirectory() || !Number.isInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    const folder = join(root, entry.name);
    const childrenFolder = join(folder, 'children');
    const killed = new Set<number>();
    for (const record of await readdir(childrenFolder).catch(() => [])) {
      const childPid = Number(record);
      const command = await readFile(join(childrenFolder, record), 'utf8').catch(() => '');
      const commandLine = Number.isInteger(childPid) ? await commandLineOf(childPid) : null;
      if (command && commandLine?.includes(command)) {
        killGroup(childPid);
        killed.add(childPid);
      }
    }
    // A child is recorded just after it starts: a kill in between leaves it unrecorded. Every
    // child works on files in its server's folder and names them on its command line, so a
    // process whose command line names that folder is one of them. The command lines are read
    // once, and only when some server has died: a start after a clean stop reads none.
    running ??= await processCommandLines();
    for (const [pid, commandLine] of running) {
      if (killed.has(pid) || !commandLine.includes(`${folder}/`) || !isProcessAlive(pid)) continue;
      killGroup(pid);
      killed.add(pid);
    }
    children += killed.size;
    await rm(folder, { recursive: true, force: true });
    folders++;
  }
  return { folders, children };
}
