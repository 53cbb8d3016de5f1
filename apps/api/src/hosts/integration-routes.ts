import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { HOST_APP_IDS, type HostAppId, type IntegrationReadiness } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { Storage } from '../storage/storage.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** Whether a host app's build is on this server: its dist/ with a page or manifest in it. */
async function isBuilt(appsFolder: string, host: HostAppId): Promise<boolean> {
  const folder = await stat(join(appsFolder, host, 'dist')).catch(() => null);
  return folder?.isDirectory() ?? false;
}

/**
 * GET /integrations: what the host apps need of this server and whether it has it (the
 * Integrations pages say it beside each host's steps). Signed in, as the pages are; no secret
 * leaves: the Microsoft client id is public (GET /signup-policy hands it out too).
 */
export function integrationRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  config: Pick<Config, 'publicUrl' | 'microsoft' | 'hostAppsFolder' | 'storage'>;
  storage: Pick<Storage, 'publicUrl'>;
}) {
  const { config, storage } = services;
  return new Hono<AppEnv>().get(
    '/integrations',
    described({
      tag: TAGS.account,
      summary: 'What the host apps need of this server, and whether it has it (no secrets)',
      access: 'self',
      answers: { 200: { description: 'The facts the Integrations pages check', json: 'IntegrationReadiness' } },
    }),
    requireUser(services),
    async (context) => {
      const built = Object.fromEntries(
        await Promise.all(HOST_APP_IDS.map(async (host) => [host, await isBuilt(config.hostAppsFolder, host)] as const)),
      ) as Record<HostAppId, boolean>;
      return context.json({
        publicUrl: config.publicUrl,
        microsoft: config.microsoft ? { clientId: config.microsoft.clientId, tenant: config.microsoft.tenant } : null,
        storage: { kind: config.storage.kind, publicOrigin: new URL(storage.publicUrl('probe.png')).origin },
        built,
      } satisfies IntegrationReadiness);
    },
  );
}
