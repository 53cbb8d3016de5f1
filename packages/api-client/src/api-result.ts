import type { ErrorBody } from '@vocal/settings-model';

/**
 * Every call answers a result instead of throwing: the data, or the server's JSON error
 * body (spec section 8: "the JSON error body is returned to the caller"). Status 0 means the
 * server was not reached or answered something unreadable.
 */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ErrorBody };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.msg);
    this.name = 'ApiError';
  }
}

/** The data, or an ApiError thrown: for callers that prefer exceptions. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiError(result.status, result.error);
}

/** A 400-599 answer, handed to the error-reporting hook. */
export type HttpErrorReport = {
  method: string;
  url: string;
  status: number;
  statusText: string;
  body: ErrorBody;
};
