import { errorReportingConfigSchema, parseSentryDsn, type SentryDsn } from '@vocal/settings-model';

export type ReportingTarget = { dsn: SentryDsn; environment: string };

let target: Promise<ReportingTarget | null> | null = null;

/**
 * Where this page sends its reports, asked of the server once (GET /api/error-reporting);
 * null when the server has no DSN (or cannot say), and then nothing is ever sent. A plain
 * fetch, not the API client: its failures would be reported, and could loop.
 */
export function reportingTarget(): Promise<ReportingTarget | null> {
  target ??= fetch(`${window.location.origin}/api/error-reporting`, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const config = errorReportingConfigSchema.parse(await response.json());
      const dsn = config.dsn === null ? null : parseSentryDsn(config.dsn);
      return dsn === null || typeof dsn === 'string' ? null : { dsn, environment: config.environment };
    })
    .catch(() => null);
  return target;
}
