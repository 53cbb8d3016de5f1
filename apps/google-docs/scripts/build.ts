import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ENTRY_POINTS } from '../src/host/add-on.ts';

const appFolder = join(import.meta.dirname, '..');

/** The global the bundle lives in; each entry point is a top-level function that calls into it. */
const BUNDLE_GLOBAL = 'VocalAddOn';

/**
 * Builds the Apps Script project into dist/: Code.js, sidebar.html and appsscript.json.
 * Apps Script has no modules: every file's top level is one shared global scope, and a
 * trigger names a top-level function. So esbuild bundles the TypeScript (and the bits of
 * @vocal/host-contract and zod/mini it uses) into one IIFE held in a global, and a
 * function declaration per entry point calls into it. The server address stays
 * `%PUBLIC_URL%` unless VOCAL_PUBLIC_URL is set: the server fills the manifest as it serves
 * it, and scripts/prepare-clasp.ts fills every file for `clasp push`.
 */
export async function buildAppsScript(options: { dist?: string; publicUrl?: string } = {}) {
  const dist = options.dist ?? join(appFolder, 'dist');
  const publicUrl = options.publicUrl ?? process.env.VOCAL_PUBLIC_URL ?? '%PUBLIC_URL%';
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const bundled = await build({
    entryPoints: [join(appFolder, 'src/host/apps-script-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: BUNDLE_GLOBAL,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // Apps Script's V8 runtime; kept a step back so nothing newer than it knows slips in.
    target: 'es2019',
    define: { __VOCAL_PUBLIC_URL__: JSON.stringify(publicUrl) },
    legalComments: 'none',
    charset: 'utf8',
  });
  const bundle = bundled.outputFiles[0]!.text;
  const entryPoints = ENTRY_POINTS.map(
    (name) => `function ${name}() {\n  var addOn = ${BUNDLE_GLOBAL}.addOn();\n  return addOn.${name}.apply(addOn, arguments);\n}\n`,
  ).join('\n');
  const header = '// Vocal for Google Docs and Gmail: built from apps/google-docs/src/host by scripts/build.ts. Do not edit.\n';
  await writeFile(join(dist, 'Code.js'), `${header}${bundle}\n${entryPoints}`);
  await copyFile(join(appFolder, 'src/host/sidebar.html'), join(dist, 'sidebar.html'));
  await copyFile(join(appFolder, 'appsscript.json'), join(dist, 'appsscript.json'));
  // The add-on's icon (addOns.common.logoUrl), which the server serves at /hosts/google-docs/logo.png.
  await copyFile(join(appFolder, 'assets/logo.png'), join(dist, 'logo.png'));
  return { codeBytes: Buffer.byteLength(await readFile(join(dist, 'Code.js'), 'utf8')) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { codeBytes } = await buildAppsScript();
  console.info(`apps/google-docs/dist: Code.js (${Math.round(codeBytes / 1024)} KB), sidebar.html, appsscript.json`);
}
