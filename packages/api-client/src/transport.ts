import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { errorBodySchema, REFRESH_TRIGGER_MESSAGES, RETRY_STATUS_CODES, type ErrorBody } from '@vocal/settings-model';
import type { ApiResult, HttpErrorReport } from './api-result.ts';
import type { AuthSession } from './auth-session.ts';
import { joinUrl } from './url.ts';

/** Whether a call needs the user: waits until authorized, sends the token only if held, or never. */
export type AuthMode = 'required' | 'optional' | 'none';

export type CallSpec<Schema extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: AuthMode;
  schema: Schema;
  json?: unknown;
  form?: FormData;
  searchParams?: Record<string, string>;
  /** Headers of this call alone (a password-protected message's unlock token). */
  headers?: Record<string, string>;
  /** Milliseconds, or false for none (uploads). */
  timeout?: number | false;
};

type Failure = { failure: string };

export type TransportOptions = {
  baseUrl: string;
  session: AuthSession;
  fetch?: typeof fetch;
  /** Retries of GET-like requests on 408, 409, 425, 429, 500, 502, 503, 504 and network errors. */
  retryLimit?: number;
  timeoutMs?: number;
  /** Every 400-599 answer, for the error-reporting service (spec section 8). */
  onHttpError?: (report: HttpErrorReport) => void;
};

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const isRefreshMessage = (message: unknown) =>
  typeof message === 'string' && (REFRESH_TRIGGER_MESSAGES as readonly string[]).includes(message);

export function createTransport(options: TransportOptions) {
  const { session } = options;
  const http: KyInstance = ky.create({
    fetch: options.fetch,
    timeout: options.timeoutMs ?? 30_000,
    retry: {
      limit: options.retryLimit ?? 2,
      // Never POST, PUT, PATCH or DELETE: they may not be safe to repeat (spec section 7).
      methods: ['get', 'head', 'options', 'trace'],
      statusCodes: [...RETRY_STATUS_CODES],
      backoffLimit: 5_000,
      // A 429 may ask for minutes (Retry-After); a person is waiting, so try once more soon and
      // then hand the server's message to the caller instead of hanging.
      maxRetryAfter: 2_000,
    },
    headers: { accept: 'application/json' },
  });

  async function send<Schema extends z.ZodType>(spec: CallSpec<Schema>, token: string | null): Promise<Response | Failure> {
    const headers: Record<string, string> = { ...spec.headers };
    // FormData sets its own multipart type with the boundary.
    if (!spec.form) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await http(joinUrl(options.baseUrl, spec.path), {
        method: spec.method,
        headers,
        body: spec.form ?? (spec.json === undefined ? undefined : JSON.stringify(spec.json)),
        searchParams: spec.searchParams,
        // Only when the call sets one: ky reads `timeout: undefined` as "use ky's 10 s", not the client's.
        ...(spec.timeout === undefined ? {} : { timeout: spec.timeout }),
      });
    } catch (error) {
      if (error instanceof HTTPError) return error.response;
      if (error instanceof TimeoutError) return { failure: 'The server took too long to answer' };
      return { failure: `Could not reach the server (${error instanceof Error ? error.message : String(error)})` };
    }
  }

  async function wantsRefresh(response: Response): Promise<boolean> {
    if (response.status === 401) return true;
    if (response.status < 400) return false;
    const body = await response
      .clone()
      .json()
      .catch(() => null);
    return isRefreshMessage((body as { msg?: unknown } | null)?.msg);
  }

  async function finish<Schema extends z.ZodType>(
    spec: CallSpec<Schema>,
    outcome: Response | Failure,
  ): Promise<ApiResult<z.output<Schema>>> {
    if ('failure' in outcome) return { ok: false, status: 0, error: { msg: outcome.failure } };
    const response = outcome;
    const text = await response.text().catch(() => '');
    const body = parseJson(text);
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(body);
      const error: ErrorBody = parsed.success ? parsed.data : { msg: `${response.status} ${response.statusText || 'Error'}` };
      if (response.status >= 400 && response.status <= 599) {
        options.onHttpError?.({
          method: spec.method,
          url: response.url || joinUrl(options.baseUrl, spec.path),
          status: response.status,
          statusText: response.statusText,
          body: error,
        });
      }
      return { ok: false, status: response.status, error };
    }
    const parsed = spec.schema.safeParse(body);
    if (!parsed.success) {
      return { ok: false, status: 0, error: { msg: `The server sent an unexpected answer to ${spec.method} ${spec.path}` } };
    }
    return { ok: true, status: response.status, data: parsed.data };
  }

  return {
    /** Sends one call: waits as the session requires, refreshes once on 401, parses the answer. */
    async call<Schema extends z.ZodType>(spec: CallSpec<Schema>): Promise<ApiResult<z.output<Schema>>> {
      if (spec.auth === 'required') await session.ready();
      else await session.settled();
      const token = spec.auth === 'none' ? null : session.accessToken();
      let outcome = await send(spec, token);
      if (token && !('failure' in outcome) && (await wantsRefresh(outcome))) {
        const refreshed = await session.refresh(token);
        if (refreshed === 'refreshed') outcome = await send(spec, session.accessToken());
      }
      return finish(spec, outcome);
    },

    /** POST /refresh with the refresh token, raw: the session interprets it. No retries. */
    postRefresh(refreshToken: string): Promise<Response> {
      const doFetch = options.fetch ?? globalThis.fetch;
      return doFetch(joinUrl(options.baseUrl, 'refresh'), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${refreshToken}` },
      });
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
