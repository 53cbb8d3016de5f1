import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineStylesheets } from './vite-plugins/inline-stylesheets.ts';
import { precompress } from './vite-plugins/precompress.ts';

// Absolute paths, so the shared packages (which have no Preact of their own) resolve it too.
const preact = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

/**
 * The listen page, which anonymous visitors open from a link, built apart from the app (the
 * embed player is built alike, on its own: vite.embed.config.ts): the same React components,
 * on Preact's React-compatible runtime, which is a tenth of react-dom's size. Their budgets
 * (35 KB and 12 KB of JavaScript, issue 27) cannot be met with react-dom alone at 57 KB. The
 * signed-in app keeps React itself.
 */
export default defineConfig({
  plugins: [react(), inlineStylesheets(), precompress()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: preact('preact/compat/client') },
      { find: /^react-dom$/, replacement: preact('preact/compat') },
      { find: /^react\/jsx-runtime$/, replacement: preact('preact/jsx-runtime') },
      { find: /^react\/jsx-dev-runtime$/, replacement: preact('preact/jsx-dev-runtime') },
      { find: /^react$/, replacement: preact('preact/compat') },
    ],
  },
  build: {
    outDir: process.env.VOCAL_WEB_DIST ?? 'dist',
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    // Every browser the pages support preloads modules itself; the polyfill was 1 KB of the embed's 12.
    modulePreload: { polyfill: false },
    // Added to the app's build, not replacing it.
    emptyOutDir: false,
    rollupOptions: { input: { listen: 'listen.html' } },
  },
});
