import { join } from 'node:path';

/**
 * During `pnpm check` (VOCAL_CHECK_REPORTS names a folder), every Vitest run also writes its
 * results as JSON there, so the check's summary can name the slowest test files of the whole
 * run; elsewhere the default reporter alone, as before.
 */
export function checkReportOptions() {
  const folder = process.env.VOCAL_CHECK_REPORTS;
  if (!folder) return {};
  const suite = (process.env.npm_package_name ?? 'unknown').replace(/[^a-z0-9-]+/gi, '_');
  return { reporters: ['default', 'json'], outputFile: { json: join(folder, `${suite}-${process.pid}.json`) } };
}
