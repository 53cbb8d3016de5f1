/**
 * How the API's tests split into two runs (vitest.config.ts and vitest.security.config.ts), in
 * one place so a file belongs to exactly one of them.
 */
export const SECURITY_SUITE_FILES = ['test/security/**/*.test.ts'];
