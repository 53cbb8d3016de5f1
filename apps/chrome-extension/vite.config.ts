/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { fillManifest } from './manifest-fill.ts';
import { hostAppConfig } from '@vocal/vite-config';
import { hostComponentTestConfig } from '@vocal/vitest-config';

/** The server the extension talks to: our API and web app, one origin. The zip our server offers names that server instead. */
const server = new URL(process.env.VOCAL_API_URL ?? 'http://localhost:3000');

/** Writes dist/manifest.json, filled for `server`. */
function extensionManifest(): Plugin {
  return {
    name: 'vocal-extension-manifest',
    generateBundle() {
      const template = readFileSync(new URL('./manifest.json', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: fillManifest(template, server) });
    },
  };
}

/**
 * The extension's pages (the compose frame, the popup, the microphone tab) and its service
 * worker. The content script is a classic script with everything inlined: vite.content.config.ts.
 */
export default defineConfig(
  hostAppConfig({
    // Its tests: the host apps' shared component-test settings (tooling/vitest).
    test: hostComponentTestConfig.test,
    pages: { compose: 'compose.html', popup: 'popup.html', permission: 'permission.html' },
    plugins: [extensionManifest()],
    build: {
      // The service worker must not start by fetching a preload helper written for documents.
      modulePreload: false,
      rollupOptions: {
        input: { 'service-worker': 'src/host/service-worker.ts' },
        output: {
          // The manifest names the service worker by a fixed path.
          entryFileNames: (chunk) => (chunk.name === 'service-worker' ? 'service-worker.js' : 'assets/[name]-[hash].js'),
        },
      },
    },
  }),
);
