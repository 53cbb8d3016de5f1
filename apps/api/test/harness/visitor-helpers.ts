import { request } from 'node:http';
import type { TestServer, Reply } from './test-server.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from './upload-form.ts';

let addressCounter = 0;
/** A client address of its own (the test servers trust X-Forwarded-For), so rate limits do not mix. */
export const newAddress = () => {
  addressCounter++;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.1`;
};
export const fromAddress = (address: string) => ({ 'x-forwarded-for': address });

/** An owner's uploaded message; returns its id. */
export async function ownerMessage(
  server: TestServer,
  token: string,
  context: Record<string, unknown> = {},
  reservation: Record<string, string> = {},
): Promise<string> {
  const query = new URLSearchParams(reservation).toString();
  const reserved = await server.call('GET', `/api/get-vocal${query ? `?${query}` : ''}`, { token });
  if (reserved.status !== 200) throw new Error(`get-vocal: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  const id = reserved.body.id as string;
  const uploaded = await server.call('POST', '/api/upload-vocal', {
    token,
    form: uploadForm({
      recording: await threeSecondMp3(),
      image: samplePng(),
      context: { id, duration: 3, peaks: samplePeaks, ...context },
    }),
  });
  if (uploaded.status !== 200) throw new Error(`upload-vocal: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return id;
}

/** GET get-vocal-free as a visitor (no token). */
export function reserveAsVisitor(server: TestServer, target: string, options: { platform?: string; address?: string } = {}) {
  const query = new URLSearchParams({ target, ...(options.platform ? { platform: options.platform } : {}) });
  return server.call('GET', `/api/get-vocal-free?${query}`, { headers: fromAddress(options.address ?? newAddress()) });
}

/** POST upload-vocal as a visitor (no token) into reservation `id`, named in the address as the recorder does. */
export async function uploadAsVisitor(
  server: TestServer,
  id: string,
  options: { context?: Record<string, unknown>; address?: string; recording?: Uint8Array; token?: string } = {},
): Promise<Reply> {
  return server.call('POST', `/api/upload-vocal?id=${encodeURIComponent(id)}`, {
    token: options.token,
    headers: fromAddress(options.address ?? newAddress()),
    form: uploadForm({
      recording: options.recording ?? (await threeSecondMp3()),
      image: samplePng(),
      context: { id, duration: 3, peaks: samplePeaks, ...options.context },
    }),
  });
}

/** Reserves and uploads a visitor's recording for `target`; returns the new recording's id. */
export async function visitorRecording(
  server: TestServer,
  target: string,
  context: Record<string, unknown> = {},
  platform?: string,
): Promise<string> {
  const reserved = await reserveAsVisitor(server, target, { platform });
  if (reserved.status !== 200) throw new Error(`get-vocal-free: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  const uploaded = await uploadAsVisitor(server, reserved.body.id, { context });
  if (uploaded.status !== 200) throw new Error(`upload-vocal: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return reserved.body.id as string;
}

/** The user's share code, which names their contact form and collection. */
export async function shareCodeOf(server: TestServer, token: string): Promise<string> {
  const account = await server.call('GET', '/api/account', { token });
  return account.body.inviteCode as string;
}

/** A GET with a Host header of our choosing (fetch does not let one be set), for custom domains. */
export function getWithHost(
  baseUrl: string,
  path: string,
  host: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'GET', headers: { host } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
