import type { Comment, NewComment, TrackViewResponse } from '@vocal/settings-model';
import {
  visitorCommentParser,
  visitorCommentsResponseParser,
  visitorErrorBodyParser,
  visitorTrackViewResponseParser,
  type Parser,
  UNLOCK_TOKEN_HEADER,
} from '@vocal/settings-model/listen-visitor';
import type { ApiResult } from './api-result.ts';
import { joinUrl } from './url.ts';

/**
 * The three calls an anonymous visitor's listen page makes (count the listen, read and add
 * comments), as the full client makes them and with the same results, on the browser's fetch
 * alone: the full client (ky, every schema, the session) is several times the
 * listen page's JavaScript budget. Answers are checked by settings-model's zod-free parsers,
 * which accept exactly what the full client's schemas do. No session, no retries: a visitor who
 * is signed in gets the full client. Imported as `@vocal/api-client/visitor-listen`.
 */
export function createVisitorListenClient(options: {
  baseUrl: string;
  fetch?: typeof fetch;
  /** The unlock token held for a password-protected message, sent with its calls (as the full client's option). */
  unlockTokenFor?: (recordingId: string) => string | null;
}) {
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    parser: Parser<T>,
    recordingId: string,
    json?: unknown,
  ): Promise<ApiResult<T>> {
    let response: Response;
    const unlockToken = options.unlockTokenFor?.(recordingId);
    try {
      response = await send(joinUrl(options.baseUrl, path), {
        method,
        headers: {
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(unlockToken ? { [UNLOCK_TOKEN_HEADER]: unlockToken } : {}),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    } catch (error) {
      return {
        ok: false,
        status: 0,
        error: { msg: `Could not reach the server (${error instanceof Error ? error.message : String(error)})` },
      };
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = visitorErrorBodyParser.safeParse(body);
      return {
        ok: false,
        status: response.status,
        error: parsed.success ? parsed.data : { msg: `${response.status} ${response.statusText || 'Error'}` },
      };
    }
    const parsed = parser.safeParse(body);
    if (!parsed.success) return { ok: false, status: 0, error: { msg: `The server sent an unexpected answer to ${method} ${path}` } };
    return { ok: true, status: response.status, data: parsed.data };
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    trackView: (recordingId: string): Promise<ApiResult<TrackViewResponse>> =>
      call('GET', `track/view-vocal/${id(recordingId)}`, visitorTrackViewResponseParser, recordingId),
    getComments: (recordingId: string): Promise<ApiResult<{ enabled: boolean; comments: Comment[] }>> =>
      call('GET', `comments/${id(recordingId)}`, visitorCommentsResponseParser, recordingId),
    addComment: (recordingId: string, comment: NewComment): Promise<ApiResult<Comment>> =>
      call('POST', `comments/${id(recordingId)}`, visitorCommentParser, recordingId, comment),
  };
}

export type VisitorListenClient = ReturnType<typeof createVisitorListenClient>;
