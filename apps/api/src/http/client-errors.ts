import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const REFUSALS: Record<string, { status: number; reason: string; msg: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    msg: 'The request line and headers are larger than this server accepts',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', msg: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', msg: 'The request is not valid HTTP' };

/**
 * Node refuses what it cannot parse (a URL or headers over its limit, broken syntax) before the
 * app sees it, with an empty body. Say why in JSON, like every other refusal of this server.
 */
export function answerClientErrorsInJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ msg: refusal.msg });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
