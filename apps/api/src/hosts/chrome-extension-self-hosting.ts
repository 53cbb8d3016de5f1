import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import type { KeyObject } from 'node:crypto';
import { extensionIdOf, packCrx3, updateManifestXml } from './chrome-extension-crx.ts';
import { buildAppPackage, PackageProblem, type PackageRecipe } from './host-app-package.ts';
import { namesPublicUrl, PACKAGE_RECIPES } from './host-app-package-recipes.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** Where Chrome finds the self-hosted extension: the update manifest, and the CRX it names. */
export const EXTENSION_UPDATE_PATH = '/hosts/chrome-extension/update.xml';
export const EXTENSION_CRX_PATH = '/hosts/chrome-extension/vocal.crx';

const builtManifestSchema = z.object({ version: z.string().regex(/^\d+(\.\d+){0,3}$/) }).loose();

/**
 * The Chrome extension for an organisation's own machines, outside the Chrome Web Store:
 * GET /hosts/chrome-extension/update.xml, the update manifest the policy
 * ExtensionInstallForcelist names ("{id};{this URL}"), and GET /hosts/chrome-extension/vocal.crx,
 * the extension packed and signed as Chrome installs it (CRX3): extension.zip's files, with
 * `update_url` in its manifest so Chrome keeps checking here for new versions. The signing
 * key (and so the extension id) is the deployment's own (chrome-extension-crx.ts).
 */
export function chromeExtensionSelfHostingRoutes(options: { appsFolder: string; publicUrl: string; signingKey: () => Promise<KeyObject> }) {
  const dist = join(options.appsFolder, 'chrome-extension', 'dist');
  const updateUrl = `${options.publicUrl}${EXTENSION_UPDATE_PATH}`;
  const base = PACKAGE_RECIPES['chrome-extension'];
  const selfHosted: PackageRecipe = {
    ...base,
    rewrite(path, text, publicUrl) {
      const rewritten = base.rewrite?.(path, text, publicUrl);
      if (path !== 'manifest.json' || rewritten === undefined) return rewritten;
      return `${JSON.stringify({ ...(JSON.parse(rewritten) as object), update_url: updateUrl }, null, 2)}\n`;
    },
  };
  const notBuilt = (message: string) => ({ msg: `The chrome-extension app ${message}, so it has no self-hosted package` });
  const noStore = { 'cache-control': 'no-store' };

  const builtVersion = async (): Promise<string> => {
    const text = await readFile(join(dist, 'manifest.json'), 'utf8').catch(() => {
      throw new PackageProblem('is not built on this server');
    });
    try {
      return builtManifestSchema.parse(JSON.parse(text)).version;
    } catch {
      throw new PackageProblem('has a manifest.json without a version Chrome accepts');
    }
  };

  const routes = new Hono<AppEnv>();
  routes.get(
    EXTENSION_UPDATE_PATH,
    described({
      tag: TAGS.hostApps,
      summary: 'The Chrome extension’s update manifest, for enterprise force-install (ExtensionInstallForcelist)',
      access: 'public',
      answers: {
        200: { description: 'The gupdate document naming the extension id, vocal.crx and its version', media: 'application/xml' },
      },
      refusals: { 404: 'The extension has not been built' },
    }),
    async (context) => {
      let version: string;
      try {
        version = await builtVersion();
      } catch (error) {
        if (!(error instanceof PackageProblem)) throw error;
        return context.json(notBuilt(error.message), 404, noStore);
      }
      const key = await options.signingKey();
      const extensionId = extensionIdOf(createPublicKey(key).export({ type: 'spki', format: 'der' }));
      const xml = updateManifestXml({ extensionId, crxUrl: `${options.publicUrl}${EXTENSION_CRX_PATH}`, version });
      return context.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' });
    },
  );
  routes.get(
    EXTENSION_CRX_PATH,
    described({
      tag: TAGS.hostApps,
      summary: 'The Chrome extension packed and signed (CRX3) by this server, for self-hosted install',
      access: 'public',
      answers: { 200: { description: 'The CRX3 file', media: 'application/x-chrome-extension' } },
      refusals: { 404: 'The extension has not been built' },
    }),
    async (context) => {
      let archive: Uint8Array;
      try {
        await builtVersion();
        archive = await buildAppPackage(dist, selfHosted, {
          namesPublicUrl,
          fill: (text) => text,
          publicUrl: new URL(options.publicUrl),
        });
      } catch (error) {
        if (!(error instanceof PackageProblem)) throw error;
        return context.json(notBuilt(error.message), 404, noStore);
      }
      const crx = packCrx3(archive, await options.signingKey());
      return context.body(crx as Uint8Array<ArrayBuffer>, 200, {
        // The type Chrome installs an extension from (anything else it saves as a file).
        'content-type': 'application/x-chrome-extension',
        'content-disposition': 'attachment; filename="vocal.crx"',
        'cache-control': 'no-cache',
      });
    },
  );
  return routes;
}
