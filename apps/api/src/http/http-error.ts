import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/**
 * The one way a route refuses a request: a status and a message a person can act on. The
 * error handler turns it into `{msg}`; nothing else reaches the client.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfter: retryAfterSeconds });

/** "field: problem; other: problem" from a zod error, missing fields said plainly. */
export function describeZodError(error: ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
      const problem = missing ? 'is required' : issue.message.replace(/^Invalid input: /, '');
      return path ? `${path}: ${problem}` : problem;
    })
    .join('; ');
}
