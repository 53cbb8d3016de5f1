import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Counts the requests a server is answering, so a shutdown can wait for them. While draining,
 * every answer says `Connection: close` and a connection is closed as soon as it is idle, so a
 * client holding a keep-alive connection reconnects (to another process) instead of sending its
 * next request here.
 */
export function createRequestDrain(server: Server) {
  let inFlight = 0;
  let draining = false;
  const idle = new Set<() => void>();

  const settle = () => {
    if (inFlight > 0) return;
    for (const resolve of idle) resolve();
    idle.clear();
  };

  return {
    /** Wraps the server's request listener. */
    track(listener: (request: IncomingMessage, response: ServerResponse) => void) {
      return (request: IncomingMessage, response: ServerResponse) => {
        inFlight++;
        if (draining) response.setHeader('connection', 'close');
        response.once('close', () => {
          inFlight--;
          if (draining) server.closeIdleConnections();
          settle();
        });
        listener(request, response);
      };
    },
    inFlight: () => inFlight,
    /**
     * Stops accepting connections and waits until every request in flight is answered, or until
     * `graceMs` has passed; then cuts whatever is still open. Answers how many were cut.
     */
    async drain(graceMs: number): Promise<number> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        idle.add(resolve);
        settle();
      });
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([answered, graceOver]);
      clearTimeout(timer);
      const cut = inFlight;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}
