import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { hostAppConfig } from '@vocal/vite-config';

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

export default defineConfig(
  hostAppConfig({
    // The server hosts the build under /hosts/zendesk/: every URL in it is relative.
    // The root's assets/ holds the package's logos, copied by appPackageFiles, not files for the page.
    publicDir: false,
    port: 5176,
    pages: { sidebar: 'sidebar.html' },
    plugins: [appPackageFiles()],
  }),
);
