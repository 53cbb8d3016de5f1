import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrationReadinessSchema } from '@vocal/settings-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MICROSOFT_CLIENT_ID, TEST_MICROSOFT_TENANT } from '../../test/harness/microsoft-identity-server.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';

const JWT_SECRET = 'a-secret-that-must-never-leave-the-server-0123456789';

describe('GET /api/integrations', () => {
  let apps: string;
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    apps = await mkdtemp(join(tmpdir(), 'vocal-host-apps-'));
    for (const host of ['outlook', 'front-app']) await mkdir(join(apps, host, 'dist'), { recursive: true });
    server = await startTestServer('pglite', {
      PUBLIC_URL: 'https://voice.example.com',
      HOST_APPS_DIR: apps,
      MICROSOFT_CLIENT_ID: TEST_MICROSOFT_CLIENT_ID,
      MICROSOFT_TENANT: TEST_MICROSOFT_TENANT,
      JWT_SECRET,
    });
    plain = await startTestServer('pglite', { PUBLIC_URL: 'http://localhost:3000', HOST_APPS_DIR: join(apps, 'none') });
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
    await rm(apps, { recursive: true, force: true });
  });

  it('tells a signed-in person what the host apps need of this server: its address, Microsoft sign-in, storage and the builds', async () => {
    const user = await server.signUp();
    const reply = await server.call('GET', '/api/integrations', { token: user.access });
    expect(reply.status).toBe(200);
    expect(integrationReadinessSchema.parse(reply.body)).toEqual({
      publicUrl: 'https://voice.example.com',
      microsoft: { clientId: TEST_MICROSOFT_CLIENT_ID, tenant: TEST_MICROSOFT_TENANT },
      storage: { kind: 'local', publicOrigin: 'https://voice.example.com' },
      built: {
        outlook: true,
        'ms-teams': false,
        zendesk: false,
        'front-app': true,
        'zoho-mail': false,
        'google-meet': false,
        'chrome-extension': false,
        'google-docs': false,
      },
    });
    // Facts only: no secret of the server's is in the answer.
    expect(JSON.stringify(reply.body)).not.toContain(JWT_SECRET);
    expect(Object.keys(reply.body as object).sort()).toEqual(['built', 'microsoft', 'publicUrl', 'storage']);
  });

  it('says so on a server without https, Microsoft sign-in or any build', async () => {
    const user = await plain.signUp();
    const reply = await plain.call('GET', '/api/integrations', { token: user.access });
    expect(reply.status).toBe(200);
    const readiness = integrationReadinessSchema.parse(reply.body);
    expect(readiness.publicUrl).toBe('http://localhost:3000');
    expect(readiness.microsoft).toBeNull();
    expect(Object.values(readiness.built)).toEqual(Array(8).fill(false));
  });

  it('answers nobody signed out', async () => {
    const reply = await server.call('GET', '/api/integrations');
    expect(reply.status).toBe(401);
    expect(reply.body).toHaveProperty('msg');
  });
});
