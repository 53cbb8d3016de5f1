import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs beside Vite (pnpm dev at the root); its routes are proxied.
const api = process.env.VOCAL_API_URL ?? 'http://localhost:3000';

/** The files of the Zendesk app's package in this folder: the manifest, translations/ and assets/ (the logos). */
const packageFiles = [
  'manifest.json',
  ...['translations', 'assets'].flatMap((folder) =>
    readdirSync(new URL(`./${folder}/`, import.meta.url)).map((name) => `${folder}/${name}`),
  ),
];

/**
 * Copies the package's files into dist/ at the paths Zendesk expects them, as they are: the
 * server fills in %PUBLIC_URL% as it serves manifest.json, and zips them for Zendesk at
 * /hosts/zendesk/app.zip (apps/api host-app-package-recipes.ts names what goes in).
 */
function appPackageFiles(): Plugin {
  return {
    name: 'vocal-zendesk-package-files',
    generateBundle() {
      for (const fileName of packageFiles) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(new URL(`./${fileName}`, import.meta.url)) });
      }
    },
  };
}

export default defineConfig({
  // The server hosts the build under /hosts/zendesk/: every URL in it is relative.
  base: './',
  // The root's assets/ holds the package's logos, copied by appPackageFiles, not files for the page.
  publicDir: false,
  plugins: [react(), appPackageFiles()],
  server: {
    port: 5176,
    proxy: { '/api': api, '/files': api },
  },
  build: {
    target: 'es2022',
    // Maps publish our source; a build makes them only when asked (SOURCE_MAPS=true), for debugging.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rollupOptions: { input: { sidebar: 'sidebar.html' } },
  },
});
