import { z } from 'zod';
import { PermanentJobError } from '../jobs/job-queue.ts';

/**
 * Calls to an OpenAI-compatible API (OpenAI, Groq, a self-hosted whisper server): the request,
 * the error bodies each of them answers, and which refusals no retry will change.
 */
export type ApiEndpoint = { url: string; key: string | null; model: string };

/**
 * OpenAI and Groq answer `{error: {message, type, param, code}}`; whisper.cpp's server
 * `{error: "..."}`; FastAPI servers such as speaches `{detail: ...}` for a 422.
 */
const errorBodySchema = z.union([
  z.object({
    error: z.object({ message: z.string(), code: z.string().nullish(), param: z.string().nullish(), type: z.string().nullish() }),
  }),
  z.object({ error: z.string() }),
  z.object({ detail: z.unknown() }),
]);

/**
 * Statuses that no retry will change: the request itself is wrong (bad key, unknown model,
 * file too large or not audio). Others (429, 5xx, network) are retried by the queue.
 */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 413, 415, 422]);

/** An answer other than 2xx, with what the body said about it. */
export class ApiRefusal extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly param: string | null;
  readonly detail: string;
  constructor(what: string, status: number, found: { detail: string; code: string | null; param: string | null }) {
    super(`The ${what} answered ${status}${found.detail ? `: ${found.detail}` : ''}`);
    this.status = status;
    this.code = found.code;
    this.param = found.param;
    this.detail = found.detail;
  }
}

/** The job queue's view of a refusal: permanent for a wrong request, retried otherwise. */
export function asJobError(error: unknown): unknown {
  if (error instanceof ApiRefusal && PERMANENT_STATUSES.has(error.status)) return new PermanentJobError(error.message, { cause: error });
  return error;
}

function readRefusal(text: string): { detail: string; code: string | null; param: string | null } {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const body = parsed.data;
      if ('detail' in body) return { detail: JSON.stringify(body.detail).slice(0, 300), code: null, param: null };
      if (typeof body.error === 'string') return { detail: body.error, code: null, param: null };
      return { detail: body.error.message, code: body.error.code ?? null, param: body.error.param ?? null };
    }
  } catch {
    // not JSON: keep the text
  }
  return { detail: text.slice(0, 300), code: null, param: null };
}

/**
 * POSTs to the API and answers its body: parsed JSON, or the text itself when the server
 * answered plain text (response_format=text). Throws ApiRefusal for a non-2xx answer.
 */
export async function callApi(
  endpoint: ApiEndpoint,
  path: string,
  init: { body: FormData | string; json?: boolean; signal: AbortSignal; timeoutMs: number; what: string },
): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (endpoint.key) headers.authorization = `Bearer ${endpoint.key}`;
  if (init.json) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers,
      body: init.body,
      signal: AbortSignal.any([init.signal, timeout]),
    });
    text = await response.text();
  } catch (error) {
    init.signal.throwIfAborted();
    if (timeout.aborted) {
      throw new Error(`The ${init.what} did not answer within ${init.timeoutMs / 1000} s`, { cause: error });
    }
    throw new Error(`The ${init.what} could not be reached: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!response.ok) throw new ApiRefusal(init.what, response.status, readRefusal(text));
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/plain')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`The ${init.what} answered with something that is not JSON`);
  }
}

/**
 * Whether a refusal is about one request field's value rather than the request as a whole:
 * OpenAI's 400 `unsupported_value` (or `unsupported_parameter`) naming it, or a server that
 * names the field in its message (a 422 from a FastAPI server, a 400 from another).
 */
export function refusesField(error: unknown, field: RegExp): boolean {
  if (!(error instanceof ApiRefusal) || (error.status !== 400 && error.status !== 422)) return false;
  if (error.param && field.test(error.param)) return true;
  const aboutAValue = error.code === 'unsupported_value' || error.code === 'unsupported_parameter' || error.code === null;
  return aboutAValue && field.test(error.detail);
}
