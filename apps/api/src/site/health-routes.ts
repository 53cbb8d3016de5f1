import { Hono } from 'hono';
import { APP_VERSION } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { checkReadiness } from '../observability/readiness.ts';
import type { Services } from '../services.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { healthSchema } from '../openapi/description-parts.ts';
import { z } from 'zod';

const UNREACHABLE_NAMES = { database: 'the database', storage: 'the file storage' } as const;

/**
 * For orchestrators: /health says the process answers (restart it when not), /ready says it can
 * serve, its database and storage reachable (send it no traffic when not). /health touches
 * neither, so an outage of the database takes servers out of rotation instead of restarting them.
 */
export function healthRoutes(services: Services) {
  return new Hono<AppEnv>()
    .get(
      '/health',
      described({
        tag: TAGS.operations,
        summary: 'The process is up (for orchestrators and load balancers)',
        access: 'public',
        answers: { 200: { description: 'Up, and what it runs on', json: healthSchema } },
      }),
      (context) =>
        context.json({
          ok: true,
          version: APP_VERSION,
          database: services.databaseKind,
          storage: services.storage.kind,
          transcriber: services.transcription.transcriberName ?? 'none',
        }),
    )
    .get(
      '/ready',
      described({
        tag: TAGS.operations,
        summary: 'The database and the storage are reachable',
        access: 'public',
        answers: { 200: { description: 'Ready', json: z.object({ status: z.literal('ready') }) } },
        refusals: { 503: 'The database or the storage is unreachable (the message names which)' },
      }),
      async (context) => {
        // A probe's answer must never be cached by a proxy in front.
        context.header('cache-control', 'no-store');
        const readiness = await checkReadiness({ db: services.db, storage: services.storage });
        if (readiness.ready) return context.json({ status: 'ready' as const });
        const names = readiness.unreachable.map((part) => UNREACHABLE_NAMES[part]).join(' and ');
        return context.json({ msg: `Not ready: ${names} cannot be reached`, unreachable: readiness.unreachable }, 503);
      },
    );
}
