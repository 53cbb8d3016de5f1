// A setup file `pnpm check` adds to every Vitest run (check-report.js): it notes how much CPU
// each test file used, its worker's own and that of every process the file started (Chromium
// and its renderers, product servers, pocketsphinx), so the check's summary can say which files
// the machine's time went to. Vitest's per-file durations cannot: under a loaded check they
// measure the schedule. Linux only (it reads /proc); elsewhere it does nothing.
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const folder = process.env.VOCAL_CHECK_REPORTS;
const TICKS_PER_SECOND = 100;
/** How often the processes a file started are looked at: one that lives less is missed. */
const SAMPLE_MS = 1000;

/** A process's parent, start time and its own CPU ticks. */
function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      started: fields[19],
    };
  } catch {
    return null;
  }
}

/**
 * Every live descendant of this worker, with its own CPU ticks. Not its reaped children's too:
 * a child that was seen alive (a Chromium renderer, say) would then count twice, once as itself
 * and once in its parent's total when it ends. A process that lives less than SAMPLE_MS and is
 * never seen is missed instead; the big ones (browsers, servers) live for the whole file.
 */
function descendants() {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const found = new Map();
  for (const [pid, stat] of stats) {
    let parent = stat.parent;
    for (let depth = 0; parent > 1 && depth < 32; depth++) {
      if (parent === process.pid) {
        found.set(`${pid}:${stat.started}`, stat.own);
        break;
      }
      parent = stats.get(parent)?.parent ?? 0;
    }
  }
  return found;
}

if (folder && existsSync('/proc/self/stat')) {
  // From here, before the test file is imported: its imports are its cost too. Vitest runs a
  // setup file again for each test file, also where files share a worker (isolate: false).
  const startedAt = performance.now();
  const ownAtStart = readStat(process.pid)?.own ?? 0;
  const before = descendants();
  const seen = new Map();
  const look = () => {
    for (const [key, ticks] of descendants()) seen.set(key, Math.max(ticks, seen.get(key) ?? 0));
  };
  const sampler = setInterval(look, SAMPLE_MS);
  sampler.unref();

  afterAll(() => {
    clearInterval(sampler);
    look();
    let ticks = (readStat(process.pid)?.own ?? 0) - ownAtStart;
    for (const [key, last] of seen) ticks += last - (before.get(key) ?? 0);
    const file = expect.getState().testPath ?? 'unknown';
    const line = [
      process.env.npm_package_name ?? 'unknown',
      relative(process.cwd(), file),
      (ticks / TICKS_PER_SECOND).toFixed(1),
      ((performance.now() - startedAt) / 1000).toFixed(1),
    ].join('\t');
    appendFileSync(join(folder, 'file-cpu.tsv'), `${line}\n`);
  });
}
