import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/**
 * The add-on's two pages. The server hosts the build under /hosts/google-meet/ and also answers
 * /addons/meet (the side panel, spec section 2) with side-panel.html, so asset URLs are absolute.
 *
 * `vite build --mode harness` is the browser tests' build: it lets a test page hand the app a
 * stand-in for the Meet add-ons SDK (src/host/meet-runtime.ts). A production build has no such
 * door: `__MEET_HARNESS__` is false and the branch is dropped.
 */
export default defineConfig(({ mode }) => ({
  base: '/hosts/google-meet/',
  plugins: [react()],
  define: { __MEET_HARNESS__: JSON.stringify(mode === 'harness') },
  server: {
    port: 5181,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rollupOptions: { input: { 'side-panel': 'side-panel.html', 'main-stage': 'main-stage.html' } },
  },
}));
