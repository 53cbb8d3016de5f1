import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnManifestProblems, LOCALE_SCOPE } from './add-on-manifest.ts';
import { buildAppsScript } from './build.ts';

const run = promisify(execFile);
const appFolder = join(import.meta.dirname, '..');
const standInClasp = join(import.meta.dirname, 'testing/stand-in-clasp.mjs');
const tsx = join(appFolder, 'node_modules/.bin/tsx');
const PUBLIC_URL = 'https://vocal.example.com';

type RemoteProject = { scriptId: string; files: { name: string; type: string; source: string }[] };

/** The shell commands of the README's "Install it" block, as a person would paste them. */
function readmeInstallCommands(): string[] {
  const readme = readFileSync(join(appFolder, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install it'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no sh block under "## Install it"');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/**
 * Runs `commands` in bash from a scratch copy of the repository's layout, with `npx` answering
 * as on a developer's machine except that clasp is the stand-in (Google's side is a folder) and
 * the build has been made already (into `dist`).
 */
async function runInstall(commands: string[], options: { dist: string; env?: Record<string, string> }) {
  const root = mkdtempSync(join(tmpdir(), 'vocal-clasp-install-'));
  mkdirSync(join(root, 'apps/google-docs'), { recursive: true });
  symlinkSync(join(appFolder, 'scripts'), join(root, 'apps/google-docs/scripts'));
  const remote = join(root, 'google');
  const script = [
    'set -e',
    'npx() {',
    '  case "$1" in',
    '    @google/clasp) shift; node "$STAND_IN_CLASP" "$@" ;;',
    '    tsx) shift; "$TSX" "$@" ;;',
    '    -y) [ "$2" = pnpm@10 ] && echo "$*" >> "$ROOT/builds" ;;',
    '    *) echo "unexpected: npx $*" >&2; return 1 ;;',
    '  esac',
    '}',
    ...commands,
  ].join('\n');
  const env = {
    ...process.env,
    ROOT: root,
    STAND_IN_CLASP: standInClasp,
    STAND_IN_CLASP_REMOTE: remote,
    TSX: tsx,
    VOCAL_ADD_ON_DIST: options.dist,
    ...options.env,
  };
  const outcome = await run('bash', ['-c', script], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
  const projects = existsSync(remote)
    ? readdirSync(remote).map((name) => JSON.parse(readFileSync(join(remote, name), 'utf8')) as RemoteProject)
    : [];
  rmSync(root, { recursive: true, force: true });
  return { ...outcome, projects };
}

const uploaded = (project: RemoteProject, name: string) => project.files.find((file) => file.name === name);

describe('installing with clasp as the README says', () => {
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'vocal-google-docs-dist-'));
    await buildAppsScript({ dist });
  }, 120_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('creates the project before preparing it, so clasp pushes the add-on, not Google’s default manifest', async () => {
    const commands = readmeInstallCommands();
    const create = commands.findIndex((line) => line.includes('@google/clasp create'));
    const prepare = commands.findIndex((line) => line.includes('prepare-clasp'));
    expect(create).toBeGreaterThan(-1);
    expect(prepare).toBeGreaterThan(create);

    const outcome = await runInstall(commands, { dist });
    expect(outcome.output).not.toContain('unexpected');
    expect(outcome.ok, outcome.output).toBe(true);
    expect(outcome.projects).toHaveLength(1);
    const [project] = outcome.projects;
    expect(project!.files.map((file) => `${file.name} ${file.type}`).sort()).toEqual(['Code SERVER_JS', 'appsscript JSON', 'sidebar HTML']);

    const manifest = JSON.parse(uploaded(project!, 'appsscript')!.source) as {
      oauthScopes: string[];
      urlFetchWhitelist: string[];
      addOns: { common: { name: string; useLocaleFromApp?: boolean }; gmail: unknown };
    };
    expect(addOnManifestProblems(manifest)).toEqual([]);
    expect(manifest.addOns.common.name).toBe('Vocal');
    expect(manifest.urlFetchWhitelist).toEqual([`${PUBLIC_URL}/`]);
    expect(uploaded(project!, 'Code')!.source).toContain(PUBLIC_URL);
    expect(uploaded(project!, 'Code')!.source).not.toContain('%PUBLIC_URL%');
  }, 120_000);

  it('refuses to prepare a folder clasp create has not made yet, saying to run create first', async () => {
    const outcome = await runInstall(
      [
        'mkdir -p apps/google-docs/clasp && cd apps/google-docs/clasp',
        `VOCAL_PUBLIC_URL=${PUBLIC_URL} npx tsx ../scripts/prepare-clasp.ts`,
        'npx @google/clasp create --type standalone --title "Vocal" --rootDir .',
        'npx @google/clasp push',
      ],
      { dist },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('has no .clasp.json');
    expect(outcome.output).toContain('npx @google/clasp create');
    // Nothing was created or pushed.
    expect(outcome.projects).toEqual([]);
  }, 120_000);

  it('refuses to finish when the folder’s manifest is not the add-on’s (a build with Google’s default manifest)', async () => {
    const stale = mkdtempSync(join(tmpdir(), 'vocal-google-docs-stale-'));
    for (const file of ['Code.js', 'sidebar.html']) writeFileSync(join(stale, file), readFileSync(join(dist, file)));
    writeFileSync(
      join(stale, 'appsscript.json'),
      JSON.stringify({ timeZone: 'America/New_York', dependencies: {}, exceptionLogging: 'STACKDRIVER', runtimeVersion: 'V8' }),
    );
    const outcome = await runInstall(readmeInstallCommands(), { dist: stale });
    rmSync(stale, { recursive: true, force: true });
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('is not Vocal’s add-on manifest');
    expect(outcome.output).toContain('addOns.common is missing');
    expect(outcome.output).toContain('oauthScopes lacks https://www.googleapis.com/auth/script.external_request');
    // The project exists (create ran) but nothing was pushed over Google's default.
    expect(outcome.projects).toHaveLength(1);
    expect(outcome.projects[0]!.files.map((file) => file.name)).toEqual(['appsscript']);
  }, 120_000);

  it('allows fetches from the file storage when the server keeps files on S3 (VOCAL_STORAGE_URL)', async () => {
    const outcome = await runInstall(readmeInstallCommands(), {
      dist,
      env: { VOCAL_STORAGE_URL: 'https://files.example.net/vocal-bucket' },
    });
    expect(outcome.ok, outcome.output).toBe(true);
    const manifest = JSON.parse(uploaded(outcome.projects[0]!, 'appsscript')!.source) as { urlFetchWhitelist: string[] };
    expect(manifest.urlFetchWhitelist).toEqual([`${PUBLIC_URL}/`, 'https://files.example.net/vocal-bucket/']);
  }, 120_000);

  it('refuses a folder that also holds a script clasp would push beside the add-on', async () => {
    const commands = readmeInstallCommands();
    const prepare = commands.findIndex((line) => line.includes('prepare-clasp'));
    const withStranger = [...commands.slice(0, prepare), 'echo "function myFunction() {}" > Code.gs', ...commands.slice(prepare)];
    const outcome = await runInstall(withStranger, { dist });
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('also holds Code.gs');
  }, 120_000);
});

describe('the add-on manifest rules', () => {
  const manifest = () =>
    JSON.parse(readFileSync(join(appFolder, 'appsscript.json'), 'utf8').replaceAll('%PUBLIC_URL%', PUBLIC_URL)) as {
      oauthScopes: string[];
      addOns: { common: Record<string, unknown>; docs?: unknown };
    };

  it('pass the add-on’s own manifest', () => {
    expect(addOnManifestProblems(manifest())).toEqual([]);
  });

  it('want the locale scope with useLocaleFromApp (Google: "Access user locale and timezone")', () => {
    const withLocale = manifest();
    withLocale.addOns.common.useLocaleFromApp = true;
    expect(addOnManifestProblems(withLocale)).toEqual([`addOns.common.useLocaleFromApp needs the scope ${LOCALE_SCOPE}`]);
    withLocale.oauthScopes.push(LOCALE_SCOPE);
    expect(addOnManifestProblems(withLocale)).toEqual([]);
  });

  it('keep Docs an Editor add-on: a card section for Docs is refused', () => {
    const withDocsCard = manifest();
    withDocsCard.addOns.docs = { homepageTrigger: { runFunction: 'onGmailHomepage' } };
    expect(addOnManifestProblems(withDocsCard).join('\n')).toContain('addOns.docs is set');
  });
});
