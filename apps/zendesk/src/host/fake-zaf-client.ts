import type { ZafClient } from './zaf-client.ts';

export type FakeZafCall =
  | { request: 'get'; paths: string[] }
  | { request: 'set'; path: string; value: unknown }
  | { request: 'invoke'; name: string; args: unknown[] };

export type FakeZafOptions = {
  /** What `get` answers, by path; a path missing here comes back as an error, as Zendesk does. */
  properties?: Record<string, unknown>;
  /** The installation's settings, as `metadata()` answers them. */
  settings?: Record<string, unknown>;
  /** Makes an action answer with this error in `errors`, as Zendesk does for one that failed. */
  failAction?: { name: string; message: string };
  /** Makes every call reject, as the SDK's own timeout does when Zendesk never answers. */
  unreachable?: boolean;
};

/** A ZAF client that answers like Zendesk and records every call, for unit tests. */
export function createFakeZafClient(options: FakeZafOptions = {}) {
  const calls: FakeZafCall[] = [];
  const handlers = new Map<string, ((data: unknown) => void)[]>();
  const properties = options.properties ?? {};
  const fail = () => Promise.reject(new Error('Invocation request timeout'));

  const client: ZafClient = {
    get(paths) {
      calls.push({ request: 'get', paths });
      if (options.unreachable) return fail();
      const errors: Record<string, unknown> = {};
      const result: Record<string, unknown> = { errors };
      for (const path of paths) {
        if (path in properties) result[path] = properties[path];
        else errors[path] = { name: 'APIUnavailable', message: `"${path}" Could not find handler for: "${path}"` };
      }
      return Promise.resolve(result);
    },
    set(path, value) {
      calls.push({ request: 'set', path, value });
      if (options.unreachable) return fail();
      properties[path] = value;
      return Promise.resolve({ errors: {} });
    },
    invoke(name, ...args) {
      calls.push({ request: 'invoke', name, args });
      if (options.unreachable) return fail();
      const failed = options.failAction?.name === name ? { [name]: { name: 'Error', message: options.failAction.message } } : {};
      return Promise.resolve({ errors: failed });
    },
    metadata() {
      if (options.unreachable) return fail();
      return Promise.resolve({
        appId: 0,
        installationId: 1,
        name: 'Vocal',
        version: '1.0.0',
        settings: { title: 'Vocal', ...options.settings },
      });
    },
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
  };

  return {
    client,
    calls,
    invoked: (name: string) => calls.flatMap((call) => (call.request === 'invoke' && call.name === name ? [call.args] : [])),
    /** Fires a framework event, as Zendesk does when something changes. */
    trigger(event: string, data: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(data);
    },
  };
}
