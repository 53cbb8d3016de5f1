import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of this app's package.json, found by walking up from this module. It is the
 * same from src/ (tsx, tests) and from the esbuild bundle in dist/.
 */
export const appRoot: string = (() => {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@vocal/api') {
      return folder;
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error('Cannot find the @vocal/api package folder');
    folder = parent;
  }
})();
