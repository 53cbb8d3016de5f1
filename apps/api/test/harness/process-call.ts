import type { Reply } from './test-server.ts';

export type ProcessCallOptions = { token?: string; json?: unknown; form?: FormData; admin?: string };

/**
 * A request to a server running as its own process (startApiProcess), where there is no
 * in-process `server.call`. The body is JSON when it parses, else its text.
 */
export async function callProcess(base: string, method: string, path: string, options: ProcessCallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.admin) headers['x-admin-token'] = options.admin;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base.replace('localhost', '127.0.0.1')}${path}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the body.
  }
  return { status: response.status, body, headers: response.headers };
}
