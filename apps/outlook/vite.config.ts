/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { hostComponentTestConfig } from '@vocal/vitest-config';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/**
 * Copies the add-in manifest into dist/ as it is: the server fills in %PUBLIC_URL% as it
 * serves it, so one build installs from any deployment.
 */
function addInManifest(): Plugin {
  return {
    name: 'vocal-outlook-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: readFileSync(new URL('./manifest.json', import.meta.url)) });
    },
  };
}

export default defineConfig({
  // Its tests: the host apps' shared component-test settings (tooling/vitest).
  test: hostComponentTestConfig.test,
  // The server hosts the build under /hosts/outlook/: every URL in it is relative.
  base: './',
  plugins: [react(), addInManifest()],
  server: {
    port: 5174,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rollupOptions: { input: { taskpane: 'taskpane.html', dialog: 'dialog.html' } },
  },
});
