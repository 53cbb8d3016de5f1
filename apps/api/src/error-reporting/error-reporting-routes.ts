import { Hono } from 'hono';
import type { ErrorReportingConfig } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/**
 * GET /error-reporting: where the web app sends its errors. The DSN is given out only when
 * one is configured (its key is public by design: it only names the project); otherwise the
 * page learns that it must send nothing.
 */
export function errorReportingRoutes(config: Config['errorReporting']) {
  const answer: ErrorReportingConfig = { dsn: config.dsn?.dsn ?? null, environment: config.environment };
  return new Hono<AppEnv>().get(
    '/error-reporting',
    described({
      tag: TAGS.support,
      summary: 'Where the web app sends its error reports (a Sentry DSN, or none)',
      access: 'public',
      answers: { 200: { description: 'The configuration', json: 'ErrorReportingConfig' } },
    }),
    (context) => context.json(answer, 200, { 'cache-control': 'no-cache' }),
  );
}
