import type { TestServer } from './test-server.ts';
import { waitFor } from './upload-form.ts';

/**
 * Asks for a re-encode until it is done. A job that outlasts the server's wait is answered
 * 202 "queued" (a busy machine); asking again joins the same job, as a client does.
 */
export const reencodeUntilDone = (server: Pick<TestServer, 'call'>, token: string, id: string) =>
  waitFor(
    () => server.call('GET', `/api/reencode/${id}`, { token }),
    (reply) => reply.status !== 202,
  );
