import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { APP_VERSION } from '../../packages/settings-model/src/constants.ts';
import { precompress } from './vite-plugins/precompress.ts';

// In development the API runs beside Vite (pnpm dev); everything it serves is proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';
const buildId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** Writes builds/latest.json, which running pages poll to learn of a newer deploy. */
function buildInfo(): Plugin {
  return {
    name: 'vocal-build-info',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ version: APP_VERSION, build: buildId }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildInfo(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: { '/api': api, '/files': api, '/health': api },
  },
  build: {
    // VOCAL_WEB_DIST lets parallel test runs build into folders of their own.
    outDir: process.env.VOCAL_WEB_DIST ?? 'dist',
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    // The listen page is built by vite.public.config.ts, on a smaller runtime.
    rollupOptions: { input: { main: 'index.html' } },
  },
});
