import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * During `pnpm check` (VOCAL_CHECK_REPORTS names a folder), every Vitest run also writes its
 * results as JSON there, and each test file's CPU time (file-cpu.js), so the check's summary can
 * name the slowest and the costliest test files of the whole run; elsewhere the default reporter
 * alone, as before. A config that sets its own `setupFiles` must keep these (concatenate).
 */
export function checkReportOptions() {
  const folder = process.env.VOCAL_CHECK_REPORTS;
  if (!folder) return {};
  const suite = (process.env.npm_package_name ?? 'unknown').replace(/[^a-z0-9-]+/gi, '_');
  return {
    reporters: ['default', 'json'],
    outputFile: { json: join(folder, `${suite}-${process.pid}.json`) },
    setupFiles: [fileURLToPath(new URL('./file-cpu.js', import.meta.url))],
  };
}
