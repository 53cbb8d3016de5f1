import { z } from 'zod';
import { HOST_APPS } from '../host-apps.ts';

/** The host apps a server builds and serves under /hosts/{id}/, in the order the Integrations page shows them. */
export const HOST_APP_IDS = Object.keys(HOST_APPS) as [HostAppId, ...HostAppId[]];
export const hostAppIdSchema = z.enum(HOST_APP_IDS);
export type HostAppId = keyof typeof HOST_APPS;

/**
 * GET /integrations (signed in): what the host apps need of this server and whether it has it,
 * for the Integrations pages. Facts only, no secret: the public address, Microsoft sign-in's
 * client id (public: the sign-in page hands it out too) and tenant, where stored files are
 * served from, and which host apps this server has built.
 */
export const integrationReadinessSchema = z.object({
  /** PUBLIC_URL, as configured. */
  publicUrl: z.string(),
  /** Microsoft sign-in (Teams single sign-on), or null when MICROSOFT_CLIENT_ID is unset. */
  microsoft: z.object({ clientId: z.string(), tenant: z.string() }).nullable(),
  /** Where recordings and pictures are served from: this server (local) or an S3 bucket's public address. */
  storage: z.object({ kind: z.enum(['local', 's3']), publicOrigin: z.string() }),
  /** Whether each host app's build is on this server (HOST_APPS_DIR). */
  built: z.record(hostAppIdSchema, z.boolean()),
});
export type IntegrationReadiness = z.infer<typeof integrationReadinessSchema>;
