import { realpathSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { addOnManifestProblems, allowStorageFetches } from './add-on-manifest.ts';

const appFolder = join(import.meta.dirname, '..');

/** The files of the build that make the script project, as `clasp push` uploads them. */
const PROJECT_FILES = ['Code.js', 'sidebar.html', 'appsscript.json'] as const;

/** What clasp push would upload besides them (its default ignore rules keep these kinds). */
const PUSHED = /\.(gs|js|ts|html)$/i;

/** Fills `%PUBLIC_URL%` (the server's origin, no trailing slash) as the server fills its host apps' manifests. */
export function fillPublicUrl(text: string, publicUrl: string): string {
  return text.replaceAll('%PUBLIC_URL%', publicUrl.replace(/\/+$/, ''));
}

/** A step of the install that cannot go on, with what to do about it. */
export class ClaspStepError extends Error {}

/** What `clasp create` (or `clasp clone`) wrote: the script, and the folder `clasp push` uploads. */
const claspSettingsSchema = z
  .object({ scriptId: z.string().min(1), rootDir: z.string().optional(), srcDir: z.string().optional() })
  .loose();

const CREATE_FIRST =
  'run `npx @google/clasp create --type standalone --title "Vocal" --rootDir .` in it first. ' +
  'clasp create writes Google’s default appsscript.json (no add-on, no scopes) into its folder, so it must come before this step, not after.';

/**
 * Fills the clasp project in `folder` (where `clasp create` made .clasp.json) with the add-on
 * from `dist`: Code.js, sidebar.html and appsscript.json, the server's address filled in and its
 * file storage allowed. Then reads back the manifest clasp will push and refuses to finish,
 * saying what is missing, unless it is the add-on's.
 */
export async function prepareClasp(options: { folder: string; publicUrl: string | undefined; storageUrl?: string; dist?: string }) {
  const { publicUrl, folder } = options;
  if (!publicUrl || !/^https:\/\/[^/\s]+\/?$/.test(publicUrl)) {
    throw new ClaspStepError('Set VOCAL_PUBLIC_URL to your Vocal server’s https origin, e.g. VOCAL_PUBLIC_URL=https://vocal.example.com');
  }
  const settingsText = await readFile(join(folder, '.clasp.json'), 'utf8').catch(() => null);
  if (settingsText === null) throw new ClaspStepError(`${folder} has no .clasp.json: ${CREATE_FIRST}`);
  let settings: z.infer<typeof claspSettingsSchema>;
  try {
    settings = claspSettingsSchema.parse(JSON.parse(settingsText));
  } catch {
    throw new ClaspStepError(`${join(folder, '.clasp.json')} names no script (scriptId): ${CREATE_FIRST}`);
  }
  // clasp pushes the folder .clasp.json names (srcDir, or rootDir), relative to .clasp.json.
  const contentDir = resolve(folder, settings.srcDir || settings.rootDir || '.');

  const dist = options.dist ?? join(appFolder, 'dist');
  for (const file of PROJECT_FILES) {
    const built = await readFile(join(dist, file), 'utf8').catch(() => null);
    if (built === null)
      throw new ClaspStepError(`${join(dist, file)} is missing: build the add-on first (npx -y pnpm@10 --filter @vocal/google-docs build)`);
    let text = fillPublicUrl(built, publicUrl);
    if (file === 'appsscript.json') text = allowStorageFetches(text, options.storageUrl);
    await writeFile(join(contentDir, file), text);
  }

  const strangers = (await readdir(contentDir)).filter((name) => PUSHED.test(name) && !(PROJECT_FILES as readonly string[]).includes(name));
  if (strangers.length > 0) {
    throw new ClaspStepError(
      `${contentDir} also holds ${strangers.join(', ')}, which clasp push would upload beside the add-on (a Code.gs clashes with Code.js): move them out`,
    );
  }
  const pushed = await readFile(join(contentDir, 'appsscript.json'), 'utf8');
  let manifest: unknown;
  try {
    manifest = JSON.parse(pushed);
  } catch {
    throw new ClaspStepError(`${join(contentDir, 'appsscript.json')} is not JSON`);
  }
  const problems = addOnManifestProblems(manifest);
  if (problems.length > 0) {
    throw new ClaspStepError(
      `${join(contentDir, 'appsscript.json')} is not Vocal’s add-on manifest, so clasp push would upload a script that is no add-on:\n  ${problems.join('\n  ')}`,
    );
  }
  return { contentDir, scriptId: settings.scriptId };
}

// Run as a script (tsx follows a symbolic link to this file, so compare real paths).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { contentDir } = await prepareClasp({
      folder: process.cwd(),
      publicUrl: process.env.VOCAL_PUBLIC_URL,
      storageUrl: process.env.VOCAL_STORAGE_URL || undefined,
      dist: process.env.VOCAL_ADD_ON_DIST || undefined,
    });
    console.info(`${contentDir} holds the add-on for ${process.env.VOCAL_PUBLIC_URL}: now run npx @google/clasp push`);
  } catch (error) {
    if (!(error instanceof ClaspStepError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
