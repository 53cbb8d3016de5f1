/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';
import { hostComponentTestConfig } from '@vocal/vitest-config';

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

export default defineConfig(
  hostAppConfig({
    // Its tests: the host apps' shared component-test settings (tooling/vitest).
    test: hostComponentTestConfig.test,
    // The server hosts the build under /hosts/outlook/: every URL in it is relative.
    port: 5174,
    pages: { taskpane: 'taskpane.html', dialog: 'dialog.html' },
    head: [
      '<link rel="icon" type="image/png" href="./icons/icon-32.png" />',
      // Office requires add-ins to load office.js from Microsoft's CDN, before the app's own code.
      '<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script>',
    ],
    plugins: [addInManifest()],
  }),
);
