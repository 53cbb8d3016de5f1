import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { envSchema, loadConfig } from './env.ts';
import { healthRoutes } from './site/health-routes.ts';

/**
 * deploy/ cannot be built or run here (no Docker, no network), so this keeps it honest
 * against the code: a renamed variable, a route moved or a build step changed fails here.
 */
const repoRoot = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const variables = Object.keys(envSchema.shape);

const serviceSchema = z.object({
  image: z.string().optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  env_file: z.array(z.object({ path: z.string(), required: z.boolean().optional() })).optional(),
  profiles: z.array(z.string()).optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  entrypoint: z.union([z.string(), z.array(z.string())]).optional(),
  depends_on: z.union([z.array(z.string()), z.record(z.string(), z.object({ condition: z.string() }))]).optional(),
  configs: z.array(z.object({ source: z.string(), target: z.string() })).optional(),
  stop_grace_period: z.string().optional(),
});
const composeSchema = z.object({
  services: z.record(z.string(), serviceSchema),
  configs: z.record(z.string(), z.object({ content: z.string() })).optional(),
});
const compose = composeSchema.parse(parse(read('deploy/compose.yaml')));
const appEnvironment = compose.services.app?.environment ?? {};
const dockerfile = read('deploy/Dockerfile');

/** What Compose makes of ${NAME:-default} and ${NAME:?message} when the operator's .env fills each required one. */
function substituted(value: string | number): string {
  return String(value)
    .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'operator-chosen-secret-long-enough-for-any-rule');
}

describe('deploy/ matches the server', () => {
  it('sets only variables env.ts reads', () => {
    expect(Object.keys(appEnvironment).length).toBeGreaterThan(0);
    expect(Object.keys(appEnvironment).filter((name) => !variables.includes(name))).toEqual([]);
  });

  it('sets every variable env.ts requires, and those a scaled-out deployment needs', () => {
    // Required: no default and not optional, so the server cannot start without it.
    const required = variables.filter((name) => !envSchema.shape[name as keyof typeof envSchema.shape].safeParse(undefined).success);
    // Several processes as one: a shared database, shared files, one signing secret, the proxy's headers.
    const scaleOut = ['DATABASE_URL', 'STORAGE', 'S3_BUCKET', 'S3_ENDPOINT', 'PUBLIC_URL', 'JWT_SECRET', 'TRUST_PROXY'];
    for (const name of [...required, ...scaleOut]) {
      expect(variables, `${name} is not in env.ts`).toContain(name);
      expect(Object.keys(appEnvironment), `compose.yaml does not set ${name}`).toContain(name);
    }
  });

  it('gives values the server accepts, configuring PostgreSQL, S3 and a trusted proxy', () => {
    const environment = Object.fromEntries(Object.entries(appEnvironment).map(([name, value]) => [name, substituted(value)]));
    const config = loadConfig(environment);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/vocal:.+@postgres:5432\/vocal$/);
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'vocal', endpoint: 'http://seaweedfs:8333', forcePathStyle: true });
    expect(config.trustProxy).toBe(true);
    expect(config.jwtSecret).not.toBeNull();
  });

  it('has the Dockerfile set only variables env.ts reads, and check a route the server has', () => {
    const set = [...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z][A-Z0-9_]*)=\S+\s*\\?$/gm)].map((match) => match[1]!);
    expect(set).toContain('DATA_DIR');
    // NODE_ENV is Node's and the libraries' convention, not ours.
    expect(set.filter((name) => name !== 'NODE_ENV' && !variables.includes(name))).toEqual([]);
    const healthcheck = /^HEALTHCHECK[\s\S]*?http:\/\/127\.0\.0\.1:\$\{PORT\}(\/[^'"\s]*)/m.exec(dockerfile);
    expect(healthcheck?.[1]).toBe('/health');
    // Mounted at the root (app.ts); building its routes touches no service.
    expect(healthRoutes({} as never).routes.map((route) => `${route.method} ${route.path}`)).toContain(`GET ${healthcheck?.[1]}`);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(envSchema.shape.PORT.parse(undefined)).toBe(3000);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('builds exactly what pnpm start builds, and runs what it serves', () => {
    const root = z
      .object({ packageManager: z.string(), scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(read('package.json')));
    expect(dockerfile).toContain(`RUN npm install --global ${root.packageManager}\n`);
    const [buildStep, serveStep] = root.scripts.start!.split(' && ');
    expect(dockerfile).toContain(`RUN pnpm exec ${buildStep}`);
    expect(serveStep).toBe('pnpm --filter @vocal/api run serve');
    const api = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(read('apps/api/package.json')));
    expect(dockerfile).toContain(`CMD ["${api.scripts.serve!.split(' ').join('", "')}"]`);
  });

  it('names only real variables in the guide', () => {
    const guide = read('deploy/README.md');
    // The operator's own .env names, used by compose.yaml itself rather than the server.
    const composeOwn = new Set([...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)[:}]/g)].map((match) => match[1]!));
    const named = [...new Set([...guide.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)(?:=[^`]*)?`/g)].map((match) => match[1]!))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !variables.includes(name) && !composeOwn.has(name))).toEqual([]);
  });
});

/** Compose's duration syntax as deploy/ uses it (35s, 1m30s) in seconds. */
function seconds(duration: string): number {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (!match || (!match[1] && !match[2])) throw new Error(`Not a Compose duration: ${duration}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** Lines of a KEY=value env file, commented (`# KEY=value`) or not. */
const envFileNames = (text: string) => [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

/**
 * Issue 24: what a production deployment pulls and runs. Docker cannot run here, so the files
 * are read: every image pinned to one release, the Node LTS, a maintained S3 server whose bucket
 * Compose makes, transcription that works out of the box and can be configured.
 */
describe('deploy/ for production', () => {
  const images = [
    ...[...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]!),
    ...Object.values(compose.services).flatMap((service) => (service.image ? [service.image] : [])),
  ];
  const app = compose.services.app!;

  it('pins every image to one release (a full version or a digest), never a moving tag', () => {
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const image of images) {
      const [, tag = ''] = image.split('@')[0]!.split(/:(?=[^/]*$)/);
      const digest = /@sha256:[0-9a-f]{64}$/.test(image);
      // 16.10, 2.10.2, 24.21.0-bookworm-slim, 0.8.3-cpu: two or more numbers; not 2, 16, latest, main.
      expect(digest || /^v?\d+\.\d+(?:\.\d+)?(?:-[a-z0-9.]+)*$/.test(tag), `${image} is not pinned`).toBe(true);
    }
  });

  it('builds and runs on Node 24 LTS (slim)', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+node:(\d+)\.\d+\.\d+-[a-z]+-slim(?:@sha256:[0-9a-f]{64})?\s+AS\s+\w+$/gm)];
    expect(stages.map((match) => match[1])).toEqual(['24', '24']);
  });

  it('names no MinIO image or variable anywhere an operator reads', () => {
    for (const path of [
      'deploy/compose.yaml',
      'deploy/Dockerfile',
      'deploy/README.md',
      'deploy/.env.example',
      'deploy/transcription.env.example',
      'README.md',
    ]) {
      expect(read(path), path).not.toMatch(/minio|MINIO_/i);
    }
  });

  it('stores files in SeaweedFS, whose bucket Compose creates before any app starts, readable by anyone with a link', () => {
    const storage = compose.services.seaweedfs!;
    expect(storage.image).toMatch(/^chrislusf\/seaweedfs:/);
    const endpoint = new URL(String(app.environment!.S3_ENDPOINT));
    expect(endpoint.hostname).toBe('seaweedfs');
    expect(String(storage.command)).toContain(`-s3.port=${endpoint.port}`);
    // The identities SeaweedFS loads: the app's key and secret, and anonymous reads of the bucket.
    const identitiesPath = /-s3\.config=(\S+)/.exec(String(storage.command))![1]!;
    const mounted = storage.configs!.find((config) => config.target === identitiesPath)!;
    const identities = z
      .object({
        identities: z.array(
          z.object({
            name: z.string(),
            credentials: z.array(z.object({ accessKey: z.string(), secretKey: z.string() })).optional(),
            actions: z.array(z.string()),
          }),
        ),
      })
      .parse(JSON.parse(compose.configs![mounted.source]!.content));
    const bucket = String(app.environment!.S3_BUCKET);
    const own = identities.identities.find((identity) => identity.credentials?.[0]?.accessKey === app.environment!.S3_ACCESS_KEY_ID)!;
    expect(own.credentials![0]!.secretKey).toBe(app.environment!.S3_SECRET_ACCESS_KEY);
    expect(own.actions).toEqual(expect.arrayContaining(['Read', 'Write', 'List']));
    expect(identities.identities.find((identity) => identity.name === 'anonymous')?.actions).toEqual([`Read:${bucket}`]);
    // The one-off bucket job, and the app waiting for it.
    const job = compose.services.bucket!;
    expect(job.image).toBe(storage.image);
    expect(String(job.command)).toContain(`s3.bucket.create -name ${bucket}`);
    expect(String(job.command)).toMatch(new RegExp(`s3\\.bucket\\.list.*grep -qw ${bucket}`));
    expect(app.depends_on).toMatchObject({ bucket: { condition: 'service_completed_successfully' } });
  });

  it('transcribes out of the box with pocketsphinx in the image, configured through an env_file', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/apt-get install[^\n]*\bpocketsphinx\b[^\n]*\bpocketsphinx-en-us\b/);
    expect(envSchema.shape.POCKETSPHINX_PATH.parse(undefined)).toBe('pocketsphinx_continuous');
    expect(app.env_file).toEqual([{ path: 'transcription.env', required: false }]);
    // environment would override the env_file: the transcription settings are left to it.
    const transcriptionVariables = variables.filter((name) => /^(TRANSCRI|SUMMARY_|POCKETSPHINX)/.test(name));
    expect(Object.keys(app.environment!).filter((name) => transcriptionVariables.includes(name))).toEqual([]);
    const example = read('deploy/transcription.env.example');
    const named = envFileNames(example);
    expect(named).toEqual(
      expect.arrayContaining(['TRANSCRIBER', 'TRANSCRIPTION_API_URL', 'TRANSCRIPTION_API_KEY', 'TRANSCRIPTION_MODEL', 'SUMMARY_MODEL']),
    );
    expect(named.filter((name) => !variables.includes(name))).toEqual([]);
    // Nothing is set by default: every line is a comment.
    expect(example.split('\n').filter((line) => line.trim() && !line.startsWith('#'))).toEqual([]);
    expect(read('deploy/Dockerfile.dockerignore')).toContain('deploy/transcription.env');
  });

  it('offers a local OpenAI-compatible speech service behind the speech profile, which the env_file example points at', () => {
    const speech = compose.services.speech!;
    expect(speech.profiles).toEqual(['speech']);
    expect(speech.image).toMatch(/^ghcr\.io\/speaches-ai\/speaches:/);
    const url = /^# TRANSCRIPTION_API_URL=(http:\/\/speech:8000\/v1)$/m.exec(read('deploy/transcription.env.example'));
    expect(url).not.toBeNull();
    const model = /^# TRANSCRIPTION_MODEL=(\S+)\n/m.exec(read('deploy/transcription.env.example').slice(url!.index))![1]!;
    // The model the one-off job downloads is the one the app asks for.
    const fetcher = compose.services['speech-model']!;
    expect(fetcher.profiles).toEqual(['speech']);
    expect(String(fetcher.command)).toContain(`POST http://speech:8000/v1/models/${model}`);
  });

  it('lets requests in flight finish on a deploy: Docker waits longer than the server does', () => {
    const grace = Number(app.environment!.SHUTDOWN_GRACE_SECONDS ?? envSchema.shape.SHUTDOWN_GRACE_SECONDS.parse(undefined));
    expect(seconds(app.stop_grace_period!)).toBeGreaterThan(grace);
  });

  it('documents in .env.example only variables Compose or the server read', () => {
    const composeOwn = new Set([...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)[:}]/g)].map((match) => match[1]!));
    const named = envFileNames(read('deploy/.env.example'));
    expect(named).toEqual(expect.arrayContaining(['POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'JWT_SECRET']));
    expect(named.filter((name) => !composeOwn.has(name))).toEqual([]);
  });
});
