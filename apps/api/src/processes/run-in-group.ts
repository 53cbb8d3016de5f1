import { spawn } from 'node:child_process';
import type { ProcessScratch } from './process-scratch.ts';

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const STDERR_TAIL_BYTES = 2000;

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs `command` in a process group of its own and answers its standard output. Aborting
 * kills the whole group; with `scratch` the child is recorded, so it is killed when this
 * process exits and by the next server if this one is killed before it could.
 */
export function runInOwnGroup(
  command: string,
  args: string[],
  options: { signal: AbortSignal; scratch?: ProcessScratch },
): Promise<string> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const untrack = options.scratch?.trackChild(child) ?? (() => {});
    const output: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let tooLong = false;
    const onAbort = () => killGroup(child.pid);
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > MAX_OUTPUT_BYTES) {
        tooLong = true;
        killGroup(child.pid);
        return;
      }
      output.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    const finish = () => {
      signal.removeEventListener('abort', onAbort);
      untrack();
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (code, killedBy) => {
      finish();
      if (signal.aborted) reject(signal.reason);
      else if (tooLong) reject(new Error(`${command} wrote more than ${MAX_OUTPUT_BYTES} bytes`));
      else if (code === 0) resolve(Buffer.concat(output).toString('utf8'));
      else reject(new Error(`${command} stopped with ${code ?? killedBy}${stderr ? `: ${stderr.trim()}` : ''}`));
    });
  });
}
