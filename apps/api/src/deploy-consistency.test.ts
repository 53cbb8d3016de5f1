import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { envSchema, loadConfig } from './env.ts';
import { ROUTE_CATALOGUE } from './testing/route-catalogue.ts';

/**
 * deploy/ cannot be built or run here (no Docker, no network), so this keeps it honest
 * against the code: a renamed variable, a route moved or a build step changed fails here.
 */
const repoRoot = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const variables = Object.keys(envSchema.shape);

const composeSchema = z.object({
  services: z.record(z.string(), z.object({ environment: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
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
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'vocal', endpoint: 'http://minio:9000', forcePathStyle: true });
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
    expect(Object.keys(ROUTE_CATALOGUE)).toContain(`GET ${healthcheck?.[1]}`);
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
