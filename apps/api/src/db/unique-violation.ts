/** PostgreSQL's code for a write a unique index refused (unique_violation). */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a failed write was refused by a unique index: someone else took the value between our
 * check and our write. The driver's error carries the code; Drizzle wraps it, with the code in
 * `cause`.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const named = error as { code?: string; cause?: { code?: string } };
  return named.code === UNIQUE_VIOLATION || named.cause?.code === UNIQUE_VIOLATION;
};
