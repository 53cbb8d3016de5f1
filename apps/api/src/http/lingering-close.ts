import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** How much of a refused body is read past, at most, before the connection is cut. */
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;
/** How long a refused body may keep arriving, at most (a phone's uplink sends a 3 MB reply in ~15 s). */
export const LINGER_MAX_MS = 20_000;

/** How often a lingering connection's bytes are counted: on loopback 32 MB take about this long. */
const METER_MS = 50;

const requestOf = new WeakMap<Socket, IncomingMessage>();

/**
 * A lingering close (as HTTP/1.1 servers have long done): when a connection is to close while
 * its request's body is still arriving, which is what a refusal sent before the body was read
 * does (`connection: close`: no token, someone else's reservation, too large, a rate limit, a
 * full quota, junk), the answer goes out, then our side of the connection is shut (FIN) and
 * what the client still sends is read and dropped, up to `maxBytes` or `maxMs`, before the
 * socket is closed. Closed at once, the client's next write meets a reset, and Node's fetch
 * or a browser reports EPIPE or a network error instead of the 401/404/413/429 (issue 23,
 * finding 3). Both ways Node closes a connection, its own after a `connection: close` answer
 * and @hono/node-server's after its short drain, go through `socket.destroySoon`.
 */
export function lingerBeforeClosing(server: Server, limits = { maxBytes: LINGER_MAX_BYTES, maxMs: LINGER_MAX_MS }): void {
  server.on('request', (request: IncomingMessage) => requestOf.set(request.socket, request));
  server.on('connection', (socket: Socket) => {
    const closeSoon = socket.destroySoon.bind(socket);
    let lingering = false;
    socket.destroySoon = () => {
      if (lingering) return;
      const request = requestOf.get(socket);
      if (!request || request.complete || socket.destroyed || socket.readableEnded) {
        closeSoon();
        return;
      }
      lingering = true;
      // Counted on the socket: Node's parser reads a dumped request's body without a 'data' event.
      const readBefore = socket.bytesRead;
      const close = () => {
        clearTimeout(timer);
        clearInterval(meter);
        socket.destroy();
      };
      // The whole body came: the answer, surely flushed by now, is let go before the socket.
      const closeWhenFlushed = () => (socket.writableFinished ? close() : socket.once('finish', close));
      const timer = setTimeout(close, limits.maxMs);
      const meter = setInterval(() => {
        if (socket.bytesRead - readBefore > limits.maxBytes) close();
      }, METER_MS);
      timer.unref();
      meter.unref();
      // Whatever was reading the body (a parser, a web stream) has given up on it.
      request.removeAllListeners('data');
      request.once('end', closeWhenFlushed);
      request.once('error', close);
      socket.once('close', () => {
        clearTimeout(timer);
        clearInterval(meter);
      });
      // The answer is flushed first; the client may go on writing to our half-open connection.
      socket.end();
      request.resume();
    };
  });
}
