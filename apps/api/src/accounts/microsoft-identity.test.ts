import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { HttpError } from '../http/http-error.ts';
import {
  startMicrosoftIdentity,
  type MicrosoftIdentityServer,
  TEST_MICROSOFT_CLIENT_ID,
} from '../../test/harness/microsoft-identity-server.ts';
import { createMicrosoftIdentityVerifier } from './microsoft-identity.ts';

const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';
const OTHER_TENANT = 'c4d1e2f3-a4b5-4c6d-8e7f-901234567890';
const PUBLIC_URL = 'https://voice.example.com';

let identity: MicrosoftIdentityServer;
beforeAll(async () => {
  identity = await startMicrosoftIdentity();
});
afterAll(() => identity?.close());

/** A verifier configured as the server would be from this environment. */
function verifier(env: Record<string, string> = {}) {
  const config = loadConfig({ PUBLIC_URL, ...identity.env(), ...env });
  return createMicrosoftIdentityVerifier(config.microsoft!, config);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, msg: (error as HttpError).message };
}

describe('verifying a Microsoft token', () => {
  it('accepts a v2.0 token for our client id and reads the sign-in name, lower-cased, and the display name', async () => {
    const token = await identity.sign('Ada.Lovelace@Contoso.example');
    expect(await verifier().verify(token)).toEqual({ email: 'ada.lovelace@contoso.example', name: 'Ada Lovelace' });
  });

  it('accepts the v1.0 access token Teams single sign-on gets by default: the application ID URI and sts.windows.net', async () => {
    const tenant = identity.env().MICROSOFT_TENANT;
    for (const audience of [`api://voice.example.com/${TEST_MICROSOFT_CLIENT_ID}`, `api://${TEST_MICROSOFT_CLIENT_ID}`]) {
      const token = await identity.sign('unused@contoso.example', {
        aud: audience,
        iss: `https://sts.windows.net/${tenant}/`,
        ver: '1.0',
        preferred_username: undefined,
        upn: 'grace@contoso.example',
      });
      expect((await verifier().verify(token)).email, audience).toBe('grace@contoso.example');
    }
  });

  it('takes `email` only when the domain owner vouches for it (xms_edov), else the sign-in name', async () => {
    const vouched = await identity.sign('upn@contoso.example', { email: 'Mail@Contoso.example', xms_edov: true });
    expect((await verifier().verify(vouched)).email).toBe('mail@contoso.example');
    const unvouched = await identity.sign('upn@contoso.example', { email: 'ceo@victim.example' });
    expect((await verifier().verify(unvouched)).email).toBe('upn@contoso.example');
    const onlyUnvouched = await identity.sign('unused', { preferred_username: undefined, email: 'ceo@victim.example' });
    expect(await refusal(verifier().verify(onlyUnvouched))).toMatchObject({ status: 403, msg: expect.stringMatching(/no verified email/) });
    const guest = await identity.sign('ada_gmail.com#EXT#@contoso.onmicrosoft.com');
    expect((await refusal(verifier().verify(guest))).status).toBe(403);
  });

  it('lets in the tenants MICROSOFT_TENANT names, and no others', async () => {
    const from = (tenant: string) => identity.sign('someone@example.com', { tid: tenant });
    const cases: [string, string, boolean][] = [
      [identity.env().MICROSOFT_TENANT, OTHER_TENANT, false],
      [identity.env().MICROSOFT_TENANT, identity.env().MICROSOFT_TENANT, true],
      ['organizations', OTHER_TENANT, true],
      ['organizations', CONSUMERS, false],
      ['consumers', CONSUMERS, true],
      ['consumers', OTHER_TENANT, false],
      ['common', CONSUMERS, true],
      ['common', OTHER_TENANT, true],
    ];
    for (const [configured, tenant, allowed] of cases) {
      const verifying = verifier({ MICROSOFT_TENANT: configured }).verify(await from(tenant));
      if (allowed) expect((await verifying).email, `${configured} ${tenant}`).toBe('someone@example.com');
      else expect((await refusal(verifying)).status, `${configured} ${tenant}`).toBe(403);
    }
  });

  it('refuses an issuer that is not the sign-in service of the tenant the token names', async () => {
    for (const iss of [
      `https://login.microsoftonline.com/${OTHER_TENANT}/v2.0`,
      'https://login.evil.example/0b1e6f3a-94c2-4d57-8a10-6e2f9c7d3b18/v2.0',
      'https://login.microsoftonline.com/common/v2.0',
    ]) {
      const token = await identity.sign('someone@example.com', { iss });
      expect(await refusal(verifier({ MICROSOFT_TENANT: 'common' }).verify(token)), iss).toMatchObject({
        status: 401,
        msg: expect.stringMatching(/issuer/),
      });
    }
  });

  it('fetches the keys once for many tokens', async () => {
    const before = identity.keyFetches();
    const once = verifier();
    for (let index = 0; index < 5; index++) await once.verify(await identity.sign(`user${index}@example.com`));
    expect(identity.keyFetches() - before).toBe(1);
  });

  it('answers 503 when the keys cannot be fetched, and still refuses an unsigned token without asking for them', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = verifier({ MICROSOFT_JWKS_URL: `http://127.0.0.1:${port}/keys` });
    expect(await refusal(offline.verify(await identity.sign('someone@example.com')))).toMatchObject({
      status: 503,
      msg: expect.stringMatching(/signing keys could not be fetched/),
    });
    const unsigned = (await identity.sign('someone@example.com')).split('.').slice(0, 2);
    unsigned[0] = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await refusal(offline.verify(`${unsigned.join('.')}.`))).status).toBe(401);
  });
});
