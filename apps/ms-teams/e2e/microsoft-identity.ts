import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Entra app the test server accepts tokens for (any GUID: nothing asks Microsoft). */
export const CLIENT_ID = '9d3f0c1e-2b4a-4c6d-8e7f-0a1b2c3d4e5f';
const TENANT = '7e2d1c0b-3a4f-4b5c-9d6e-1f2a3b4c5d6e';
const KEY_ID = 'teams-e2e-key';

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * Microsoft's sign-in service as our server meets it: a JWKS endpoint with one RSA key (on
 * 127.0.0.1, started by the test), and tokens signed with it as Teams' getAuthToken hands
 * them out for a tab: audience api://{our host}/{client id}, a v2.0 issuer for the tenant.
 */
export async function startMicrosoftIdentity() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url !== '/discovery/v2.0/keys') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/discovery/v2.0/keys`;
  return {
    /** The server's environment for Microsoft sign-in against this service. */
    env: { MICROSOFT_CLIENT_ID: CLIENT_ID, MICROSOFT_TENANT: TENANT, MICROSOFT_JWKS_URL: jwksUrl },
    /**
     * A token for `email`, valid for an hour, with the audience `audience` (as Teams hands one
     * out: the installed manifest's webApplicationInfo.resource).
     */
    sign(email: string, target: { audience: string }, name = 'Grace Hopper') {
      const now = Math.floor(Date.now() / 1000);
      const header = base64url({ alg: 'RS256', typ: 'JWT', kid: KEY_ID });
      const claims = base64url({
        aud: target.audience,
        iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        tid: TENANT,
        oid: randomUUID(),
        preferred_username: email,
        name,
        scp: 'access_as_user',
        ver: '2.0',
        iat: now,
        nbf: now,
        exp: now + 3600,
      });
      const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(privateKey);
      return `${header}.${claims}.${base64url(signature)}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
