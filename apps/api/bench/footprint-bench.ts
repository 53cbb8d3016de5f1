import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { recordResult } from '@vocal/bench';
import { appRoot } from '../src/app-root.ts';
import { createScratchDatabase } from '../test/harness/scratch-database.ts';

/**
 * Issue 13's footprint: the built server as `pnpm start` runs it (`node dist/main.mjs`), on a
 * fresh data folder each time, measured from outside.
 * - First start: from spawning the process to the first 200 of `GET /` (the server answers 503
 *   while it starts; asked every 50 ms). Median of START_RUNS fresh starts.
 * - Idle memory: after the last start and one served page, SETTLE_MS of idleness, then VmRSS
 *   read every second for SAMPLE_MS; the median, the largest in the method.
 * On the embedded database, and on PostgreSQL (a scratch database on TEST_DATABASE_URL's server,
 * else the local default), which is skipped with a line saying so when unreachable.
 */
const START_RUNS = 3;
const SETTLE_MS = 10_000;
const SAMPLE_MS = 10_000;
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function residentBytes(pid: number): Promise<number> {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kilobytes) throw new Error('No VmRSS in /proc status');
  return Number(kilobytes) * 1024;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function buildServer(): Promise<void> {
  return new Promise((done, fail) =>
    execFile(process.execPath, ['build.mjs'], { cwd: appRoot }, (error, _stdout, stderr) =>
      error ? fail(new Error(`node build.mjs failed:\n${stderr}`)) : done(),
    ),
  );
}

type Started = { pid: number; seconds: number; stop(): Promise<void> };

/** Spawns the bundle on a fresh data folder and waits for the first 200 of GET /. */
async function startFresh(databaseUrl: string | null): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vocal-footprint-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.PUBLIC_URL;
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/main.mjs'], { cwd: appRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`The server exited before serving a page:\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/`).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) break;
    await pause(50);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    pid: child.pid!,
    seconds,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchFootprint(kind: 'pglite' | 'postgres', databaseUrl: string | null, drop: () => Promise<void>) {
  const starts: number[] = [];
  let last: Started | null = null;
  try {
    for (let run = 0; run < START_RUNS; run++) {
      await last?.stop();
      last = await startFresh(databaseUrl);
      starts.push(last.seconds);
      // PostgreSQL keeps its tables: each later start meets a migrated database, as a restart would.
    }
    await pause(SETTLE_MS);
    const samples: number[] = [];
    for (let elapsed = 0; elapsed < SAMPLE_MS; elapsed += 1000) {
      samples.push(await residentBytes(last!.pid));
      await pause(1000);
    }
    const resident = median(samples);
    const load = (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
    print({ bench: 'footprint', database: kind, starts, residentMb: samples.map(megabytes) });
    await recordResult({
      suite: 'footprint',
      name: `idle resident memory, ${kind}`,
      value: megabytes(resident),
      unit: 'MB',
      target: { value: kind === 'pglite' ? 250 : 120, better: 'lower' },
      method: `node dist/main.mjs on a fresh data folder${kind === 'postgres' ? ' and a scratch database' : ''}, one GET / served, ${SETTLE_MS / 1000} s idle, then VmRSS every second for ${SAMPLE_MS / 1000} s: median (largest ${megabytes(Math.max(...samples))} MB); load average ${load}`,
    });
    await recordResult({
      suite: 'footprint',
      name: `first start to a served page, ${kind}`,
      value: Number(median(starts).toFixed(2)),
      unit: 's',
      ...(kind === 'pglite' ? { target: { value: 10, better: 'lower' as const } } : {}),
      method: `spawning node dist/main.mjs to the first 200 of GET / (asked every 50 ms), ${kind === 'pglite' ? 'a new data folder each time' : 'the first on an empty database, then restarts'}; median of ${starts.map((seconds) => seconds.toFixed(1)).join(', ')} s; load average ${load}`,
    });
  } finally {
    await last?.stop();
    await drop();
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function benchFootprints(): Promise<void> {
  await buildServer();
  await benchFootprint('pglite', null, async () => {});
  const server = process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES;
  if (!(await reachable(server))) {
    print({ bench: 'footprint', database: 'postgres', skipped: `no PostgreSQL answers at ${server.replace(/\/\/[^@]*@/, '//')}` });
    return;
  }
  const scratch = await createScratchDatabase(server);
  await benchFootprint('postgres', scratch.url, () => scratch.drop());
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchFootprints();
}
