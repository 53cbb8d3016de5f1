import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const apiFolder = join(repoRoot, 'apps', 'api');

/** The secret the test servers sign with, so a test can make an expired token. */
export const E2E_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';

export type ApiProcess = {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /**
   * Sends SIGTERM and waits, however long it takes, for the process to exit by itself (a
   * graceful-shutdown test): answers its exit code, or the signal that ended it.
   */
  terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts it again on the same port and data folder. */
  restart(): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash or a deploy's kill -9 would; restart() brings it back. */
  kill(): Promise<void>;
  /** Everything the process printed, for failure messages. */
  output(): string;
};

export type StartOptions = {
  env?: Record<string, string>;
  dataDir?: string;
  /** false: the server makes its database itself, in an empty folder, as on a first `pnpm start`. */
  seedDatabase?: boolean;
  /**
   * Run ahead of the compilers and the API suite that share the machine in `pnpm check`: for
   * the server a browser test's pages wait on in real time (they only wait on throughput).
   * Raising a priority needs root; elsewhere the server runs at the normal one.
   */
  ahead?: boolean;
  /**
   * The Node binary to run the server with (a check on another Node release: `nodeRelease`),
   * always on the built bundle. Unset: the Node running the tests, on the bundle or the source.
   */
  nodeBinary?: string;
};

let template: Promise<string> | null = null;

/** The newest modification time (ms) of these files and of any file under these folders. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (path: string) => {
    if (!statSync(path).isDirectory()) {
      newest = Math.max(newest, statSync(path).mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  for (const path of paths) if (existsSync(path)) walk(path);
  return newest;
}

const entries = new Map<string, string[]>();

/**
 * How to run one of the API's programs (`main`: the server, `admin`: `pnpm admin`), as
 * arguments to node in the API's folder: its esbuild bundle (dist/{name}.mjs) when it is newer
 * than every source it was built from, else the source through tsx. The bundle starts on about
 * a third of the CPU (the server 3.6 s against 6 to 7.7 s here, most of the rest being PGlite;
 * `admin users list` 2.2 s against 6.3 s), and the check starts dozens of each; turbo builds
 * them before the suites that start them. A source edit since the build, or
 * VOCAL_API_FROM_SOURCE=1, runs the source, so a test never runs code older than the tree.
 */
/** The programs' sources, from apps/api (build.mjs bundles each into dist/{name}.mjs). */
const SOURCE_ENTRIES = { main: 'src/main.ts', admin: 'src/admin/admin.ts' } as const;

export function apiProgramEntry(name: keyof typeof SOURCE_ENTRIES): string[] {
  const known = entries.get(name);
  if (known) return known;
  const bundle = join(apiFolder, 'dist', `${name}.mjs`);
  const fresh =
    process.env.VOCAL_API_FROM_SOURCE !== '1' &&
    existsSync(bundle) &&
    statSync(bundle).mtimeMs >
      newestMtime([join(apiFolder, 'src'), join(apiFolder, 'package.json'), join(repoRoot, 'packages', 'settings-model', 'src')]);
  const entry = fresh ? [`dist/${name}.mjs`] : ['--import', 'tsx', SOURCE_ENTRIES[name]];
  entries.set(name, entry);
  return entry;
}

/** How to start the server (see apiProgramEntry). */
export const apiServerEntry = (): string[] => apiProgramEntry('main');

/**
 * A fresh PGlite folder costs the server an initdb (seconds of CPU); the tests start many, so
 * each starts from a copy of one migrated database that the API's test code makes once. The copy
 * is synchronous, as the API's own harness makes it (apps/api/test/harness/pglite-template.ts):
 * `fs.promises.cp` of this folder once never settled.
 */
async function seedPglite(dataDir: string) {
  template ??= new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', 'test/harness/pglite-template-cli.ts'], { cwd: apiFolder }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  cpSync(join(await template, 'db'), join(dataDir, 'db'), { recursive: true });
}

/**
 * Starts the real API server as its own process (its bundle, or its source when that is newer), on a free port
 * with a fresh data folder unless one is given. Black-box: tests reach it only over HTTP.
 */
export async function startApiProcess(options: StartOptions = {}): Promise<ApiProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vocal-e2e-')));
  if (options.seedDatabase !== false && !options.env?.DATABASE_URL && !existsSync(join(dataDir, 'db'))) await seedPglite(dataDir);
  let log = '';
  let child: ChildProcess | null = null;
  let port = 0;

  async function launch(): Promise<string> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      SCRYPT_COST: '1024',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Addresses count as confirmed: sign-ups need no mailed link (its own suite turns it on).
      EMAIL_CONFIRMATION: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    // Let the server follow the bound port unless the test pins a public URL.
    if (!options.env?.PUBLIC_URL) delete env.PUBLIC_URL;
    if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
    const entry = options.nodeBinary ? ['dist/main.mjs'] : apiServerEntry();
    // VOCAL_PROFILE_DIR: each server writes a V8 CPU profile there when it exits (where its time goes).
    const profile = process.env.VOCAL_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.VOCAL_PROFILE_DIR}`] : [];
    const started = spawn(options.nodeBinary ?? process.execPath, [...profile, ...entry], {
      cwd: apiFolder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    if (options.ahead && started.pid) {
      try {
        setPriority(started.pid, -10);
      } catch {
        // not permitted here: the normal priority
      }
    }
    return new Promise((resolve, reject) => {
      // Only a guard against a server that never starts: on a shared, loaded machine a start
      // from source (tsx, PGlite's first compile, migrations) has taken over a minute.
      const timer = setTimeout(() => reject(new Error(`The API did not start within 540 s:\n${log}`)), 540_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const match = /Open (http:\/\/\S+)/.exec(log);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The API exited with ${code} before it was ready:\n${log}`));
      });
    });
  }

  async function stop() {
    const running = child;
    // A process killed by a signal has signalCode set and exitCode null: it is gone too.
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    child = null;
  }

  async function terminate() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) throw new Error('The API is not running');
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      running.once('exit', (code, signal) => resolve({ code, signal })),
    );
    running.kill('SIGTERM');
    const outcome = await exited;
    child = null;
    return outcome;
  }

  const url = await launch();
  port = Number(new URL(url).port);
  return {
    url,
    port,
    dataDir,
    stop,
    terminate,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGKILL');
      await exited;
      child = null;
    },
    async restart() {
      await stop();
      await launch();
    },
    output: () => log,
  };
}

/**
 * The binary of a Node release from the npm registry (`npx -y node@24`), fetched once into npx's
 * cache: answers its path and version, so a test starts the server on it directly (npx between
 * would stand between the server and its signals).
 */
export async function nodeRelease(spec: string): Promise<{ path: string; version: string }> {
  const output = await new Promise<string>((resolve, reject) =>
    execFile('npx', ['-y', `node@${spec}`, '-p', 'process.execPath + " " + process.version'], { timeout: 300_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const [path, version] = output.trim().split(' ');
  if (!path || !version) throw new Error(`npx -y node@${spec} answered: ${output}`);
  return { path, version };
}
