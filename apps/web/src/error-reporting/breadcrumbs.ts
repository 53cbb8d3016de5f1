import { ERROR_REPORTING, sentryTimestamp, type SentryBreadcrumb } from '@vocal/settings-model';

/** What happened before an error, newest last; at most the spec's 100 (section 9). */
const trail: SentryBreadcrumb[] = [];

export function addBreadcrumb(crumb: Omit<SentryBreadcrumb, 'timestamp'>) {
  trail.push({ timestamp: sentryTimestamp(), ...crumb });
  if (trail.length > ERROR_REPORTING.maxBreadcrumbs) trail.splice(0, trail.length - ERROR_REPORTING.maxBreadcrumbs);
}

export const breadcrumbs = (): SentryBreadcrumb[] => [...trail];

/**
 * A URL as a report may hold it: origin and path only. Queries carry searches and hashes carry
 * sign-in tokens (/auth#...), so neither is ever kept.
 */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}
