import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_JWT_SECRET } from '@vocal/e2e';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';

export type RecordedRequest = { method: string; url: string; headers: Headers };

/** A fetch that records what went over the wire to the real server, then sends it. */
export function recordingFetch() {
  const requests: RecordedRequest[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push({ method: request.method, url: request.url, headers: request.headers });
    return fetch(request);
  };
  return { fetch: wrapped, requests };
}

/** The same session's access token, signed by the server's secret, expired an hour ago. */
export async function expiredCopyOf(accessToken: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past)
    .setExpirationTime(past + 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/** The client id and tenant the test server's Microsoft sign-in is configured with. */
const MICROSOFT_CLIENT_ID = '0d3c1b7e-2f4a-4c68-9b15-7e6a5d4c3b21';
const MICROSOFT_TENANT = '6a2f1e0d-3c4b-4a59-8e7f-1d2c3b4a5f60';

/**
 * A stand-in for Microsoft's sign-in service as the server sees it: its key set on 127.0.0.1,
 * and tokens signed with the key (or, `forged`, with one it never published).
 */
export async function startMicrosoftKeys() {
  const published = await generateKeyPair('RS256');
  const forged = await generateKeyPair('RS256');
  const keys = { keys: [{ ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    clientId: MICROSOFT_CLIENT_ID,
    env: { MICROSOFT_CLIENT_ID, MICROSOFT_TENANT, MICROSOFT_JWKS_URL: `http://127.0.0.1:${port}/keys` },
    /** An hour-long v2.0 token for `email`, as Teams' getAuthToken would hand it over. */
    sign: (email: string, options: { forged?: boolean } = {}) =>
      new SignJWT({ tid: MICROSOFT_TENANT, preferred_username: email, name: 'Grace Hopper' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setAudience(MICROSOFT_CLIENT_ID)
        .setIssuer(`https://login.microsoftonline.com/${MICROSOFT_TENANT}/v2.0`)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(options.forged ? forged.privateKey : published.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
