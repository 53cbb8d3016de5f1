import { Hono } from 'hono';
import type { ErrorReportingConfig } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';

/**
 * GET /error-reporting: where the web app sends its errors. The DSN is given out only when
 * one is configured (its key is public by design: it only names the project); otherwise the
 * page learns that it must send nothing.
 */
export function errorReportingRoutes(config: Config['errorReporting']) {
  const answer: ErrorReportingConfig = { dsn: config.dsn?.dsn ?? null, environment: config.environment };
  return new Hono<AppEnv>().get('/error-reporting', (context) => context.json(answer, 200, { 'cache-control': 'no-cache' }));
}
