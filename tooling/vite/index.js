import react from '@vitejs/plugin-react';
import { pageShell } from './page-shell.js';

export { documentOf, pageShell } from './page-shell.js';

/** In development the API runs beside Vite (pnpm dev at the root); its routes are proxied. */
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/**
 * A host app's Vite config: React, the page shell, its dev server (its own port, the API's
 * routes proxied) and its build (ES2022; source maps only when SOURCE_MAPS=true, since maps
 * publish our source), with its pages as the build's inputs and `head`, the tags every page of
 * the app carries (its host's SDK, its icon), written into each. What is the host's own (its base,
 * a plugin that copies its manifest, build settings its package needs) is passed in.
 */
export function hostAppConfig({ base = './', port, pages, head = [], plugins = [], build = {}, ...rest }) {
  return {
    ...rest,
    base,
    plugins: [react(), pageShell(head), ...plugins],
    ...(port === undefined ? {} : { server: { port, proxy: { '/api': api, '/files': api } } }),
    build: {
      target: 'es2022',
      sourcemap: process.env.SOURCE_MAPS === 'true',
      ...build,
      rollupOptions: { ...build.rollupOptions, input: { ...pages, ...build.rollupOptions?.input } },
    },
  };
}
