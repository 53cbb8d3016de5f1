import { bodyLimit } from 'hono/body-limit';

/** Refuses a body over `maxBytes` with 413 {msg}, while it streams in. */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    // The rest of the body is never read, so the connection cannot carry another request.
    onError: (context) =>
      context.json({ msg: `The request body is larger than ${formatBytes(maxBytes)}` }, 413, {
        connection: 'close',
      }),
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export const JSON_BODY_LIMIT = 256 * 1024;
