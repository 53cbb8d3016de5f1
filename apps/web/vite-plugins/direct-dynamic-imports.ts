import type { Plugin } from 'vite';

/** The module Vite imports its preload helper from, in every chunk with a dynamic import. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Replaces Vite's preload helper with a plain call of the import it wraps. The helper (1 KB
 * gzipped) fetches a lazy part's stylesheets and preloads its imports; the embed player's only
 * lazy parts are its safety net (the error screen and the reporter, loaded once something
 * failed), its build keeps every stylesheet in the one sheet the page carries inline
 * (cssCodeSplit off), and the browser fetches a part's imports as it runs it. So the helper had
 * nothing to do there but cost an eighth of the player's 12 KB budget. A failed import rejects
 * as a plain import does, which the page's error guard takes for a stale build (reload).
 * Only for a build with cssCodeSplit off: elsewhere a lazy part's styles would never load.
 */
export function directDynamicImports(): Plugin {
  return {
    name: 'vocal-direct-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      if (config.build.cssCodeSplit) throw new Error('directDynamicImports needs build.cssCodeSplit off: lazy parts would lose their styles');
    },
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
  };
}
