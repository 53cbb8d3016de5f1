import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const appFolder = join(import.meta.dirname, '..');

/** Fills `%PUBLIC_URL%` (the server's origin, no trailing slash) as the server fills its host apps' manifests. */
export function fillPublicUrl(text: string, publicUrl: string): string {
  return text.replaceAll('%PUBLIC_URL%', publicUrl.replace(/\/+$/, ''));
}

/**
 * Writes clasp/ (what `clasp push` uploads) from dist/: Code.js, sidebar.html and
 * appsscript.json with VOCAL_PUBLIC_URL filled in. clasp/.clasp.json, made by `clasp create`,
 * is left as it is.
 */
async function prepareClasp() {
  const publicUrl = process.env.VOCAL_PUBLIC_URL;
  if (!publicUrl || !/^https:\/\/[^/\s]+\/?$/.test(publicUrl)) {
    throw new Error('Set VOCAL_PUBLIC_URL to your Vocal server’s https origin, e.g. VOCAL_PUBLIC_URL=https://vocal.example.com');
  }
  const claspFolder = join(appFolder, 'clasp');
  await mkdir(claspFolder, { recursive: true });
  for (const file of ['Code.js', 'sidebar.html', 'appsscript.json']) {
    await writeFile(join(claspFolder, file), fillPublicUrl(await readFile(join(appFolder, 'dist', file), 'utf8'), publicUrl));
  }
  console.info(`clasp/ is ready for ${publicUrl}: cd apps/google-docs/clasp && npx @google/clasp push`);
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareClasp();
