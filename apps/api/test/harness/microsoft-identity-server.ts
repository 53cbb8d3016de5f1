import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** The Entra application the test servers accept tokens for (any GUID: nothing checks it with Microsoft). */
export const TEST_MICROSOFT_CLIENT_ID = '5c9b4a2e-7d31-4f0a-9e6b-2a8c1d3f4e50';
/** The tenant the test tokens come from. */
export const TEST_MICROSOFT_TENANT = '0b1e6f3a-94c2-4d57-8a10-6e2f9c7d3b18';
const KEY_ID = 'vocal-test-key';

/**
 * A token with `alg: none` and no signature, as an attacker would hand-write it. Made without
 * a server, so a route catalogue entry can name one.
 */
export function unsignedMicrosoftToken(claims: JWTPayload): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/**
 * The part of Microsoft's sign-in service our server talks to: a JWKS endpoint with one RSA
 * key, and the matching private key to sign test tokens as Microsoft would (v2.0 claims by
 * default). Another key, never published, signs forgeries. Started by the test, on 127.0.0.1.
 */
export async function startMicrosoftIdentity() {
  const published = await generateKeyPair('RS256');
  const unpublished = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  let keyFetches = 0;
  const server = createServer((request, response) => {
    if (request.url !== '/discovery/v2.0/keys') {
      response.writeHead(404).end();
      return;
    }
    keyFetches++;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/discovery/v2.0/keys`;
  const issuer = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

  return {
    jwksUrl,
    /** How often our server fetched the keys. */
    keyFetches: () => keyFetches,
    /** The server's environment for Microsoft sign-in against this service. */
    env: (tenant = TEST_MICROSOFT_TENANT) => ({
      MICROSOFT_CLIENT_ID: TEST_MICROSOFT_CLIENT_ID,
      MICROSOFT_TENANT: tenant,
      MICROSOFT_JWKS_URL: jwksUrl,
    }),
    issuer,
    /**
     * A token for `email` as Microsoft issues a v2.0 one for our client id, valid for an hour;
     * `claims` replace any of them (an `exp` in the past, another `aud`, a v1.0 `iss` ...).
     */
    async sign(email: string, claims: JWTPayload = {}, options: { key?: 'published' | 'unpublished'; keyId?: string } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const tenant = typeof claims.tid === 'string' ? claims.tid : TEST_MICROSOFT_TENANT;
      const key = options.key === 'unpublished' ? unpublished.privateKey : published.privateKey;
      return new SignJWT({
        aud: TEST_MICROSOFT_CLIENT_ID,
        iss: issuer(tenant),
        tid: tenant,
        preferred_username: email,
        name: 'Ada Lovelace',
        oid: '3f1c2b7a-5e84-4d9a-b6c0-1a2b3c4d5e6f',
        ver: '2.0',
        iat: now,
        nbf: now,
        exp: now + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: options.keyId ?? KEY_ID })
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MicrosoftIdentityServer = Awaited<ReturnType<typeof startMicrosoftIdentity>>;
