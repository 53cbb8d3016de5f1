import { E2E_JWT_SECRET } from '@vocal/e2e';
import { decodeJwt, SignJWT } from 'jose';

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
