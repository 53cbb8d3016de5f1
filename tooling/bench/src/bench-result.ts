import { appendFile, mkdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const resultsFile = join(repoRoot, '.bench', 'results.jsonl');

export type BenchResult = {
  /** The area, e.g. "recorder" or "listen page". */
  suite: string;
  name: string;
  value: number;
  unit: string;
  /** The target from the issue, if any, and which side of it is good. */
  target?: { value: number; better: 'lower' | 'higher' };
  /** How it was measured, in a few words. */
  method?: string;
};

export type StoredResult = BenchResult & { measuredAt: string; machine: string };

/** Appends one result for the report; also prints it as a JSON line. */
export async function recordResult(result: BenchResult): Promise<void> {
  const stored: StoredResult = {
    ...result,
    measuredAt: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`,
  };
  await mkdir(dirname(resultsFile), { recursive: true });
  await appendFile(resultsFile, `${JSON.stringify(stored)}\n`);
  process.stdout.write(`${JSON.stringify(stored)}\n`);
}

export function meetsTarget(result: BenchResult): boolean | null {
  if (!result.target) return null;
  return result.target.better === 'lower' ? result.value <= result.target.value : result.value >= result.target.value;
}
