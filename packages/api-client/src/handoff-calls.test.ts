import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { RECORDING_HANDOFF_SPENT, SESSION_HANDOFF_SPENT } from '@vocal/settings-model';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from './api-client.ts';
import { recordingFetch } from './test-support.ts';

let api: ApiProcess;
beforeAll(async () => {
  api = await startApiProcess();
});
afterAll(() => api?.stop());

let counter = 0;
const newEmail = () => `handoff-${++counter}-${Date.now()}@example.com`;

async function signedIn(): Promise<ApiClient> {
  const client = createApiClient({ baseUrl: `${api.url}/api` });
  const result = await client.signIn({ email: newEmail(), password: 'correct horse battery' });
  if (!result.ok) throw new Error(result.error.msg);
  return client;
}

async function uploadedMessage(client: ApiClient, subject: string): Promise<string> {
  const reserved = await client.getVocal('webapp');
  if (!reserved.ok) throw new Error(reserved.error.msg);
  const uploaded = await client.uploadVocal({
    recording: new Blob([await makeMp3(2)], { type: 'audio/mpeg' }),
    image: new Blob([makePng(200, 40)], { type: 'image/png' }),
    context: { id: reserved.data.id, platform: 'webapp', duration: 2, peaks: [0.2, 0.8], subject },
  });
  if (!uploaded.ok) throw new Error(uploaded.error.msg);
  return reserved.data.id;
}

describe('the handoff calls against the real server', () => {
  it('hands a session from the web app to another client, which keeps it as its own', async () => {
    const web = await signedIn();
    const code = await web.createSessionHandoff();
    if (!code.ok) throw new Error(code.error.msg);
    expect(code.status).toBe(201);

    const wire = recordingFetch();
    const extension = createApiClient({ baseUrl: `${api.url}/api`, fetch: wire.fetch });
    const claimed = await extension.claimSessionHandoff(code.data.code);
    expect(claimed.ok).toBe(true);
    // No token goes with the claim, and the code travels in the body, not the address.
    expect(wire.requests.at(-1)!.headers.get('authorization')).toBeNull();
    expect(wire.requests.at(-1)!.url).toBe(`${api.url}/api/session-handoff/claim`);
    expect(extension.session.isAuthorized()).toBe(true);

    const [mine, theirs] = await Promise.all([web.getAccount(), extension.getAccount()]);
    expect(mine.ok && theirs.ok && theirs.data.email === mine.data.email).toBe(true);
    const sessionOf = (client: ApiClient) => decodeJwt(client.session.accessToken()!).sid;
    expect(sessionOf(extension)).not.toBe(sessionOf(web));

    const again = await createApiClient({ baseUrl: `${api.url}/api` }).claimSessionHandoff(code.data.code);
    expect(again).toMatchObject({ ok: false, status: 404, error: { msg: SESSION_HANDOFF_SPENT } });
  });

  it('creates a recording handoff, sends a message through it and claims the Share once', async () => {
    const addOn = createApiClient({ baseUrl: `${api.url}/api` });
    const created = await addOn.createRecordingHandoff('gmail');
    if (!created.ok) throw new Error(created.error.msg);
    const { id, secret } = created.data;

    const page = await signedIn();
    const status = await page.getRecordingHandoff(id);
    expect(status.ok && status.data).toEqual({ host: 'gmail', status: 'waiting', expiresAt: created.data.expiresAt });
    const waiting = await addOn.claimRecordingHandoff(id, secret);
    expect(waiting.ok && waiting.data).toEqual({ status: 'waiting' });

    const recordingId = await uploadedMessage(page, 'From my phone');
    const sent = await page.shareToRecordingHandoff(id, recordingId);
    expect(sent.ok && sent.data).toEqual({ status: 'delivered' });

    const ready = await addOn.claimRecordingHandoff(id, secret);
    if (!ready.ok) throw new Error(ready.error.msg);
    expect(ready.data).toMatchObject({
      status: 'ready',
      share: { id: recordingId, url: `${api.url}/listen/${recordingId}`, title: 'From my phone', message: expect.any(String) },
    });
    expect(await addOn.claimRecordingHandoff(id, secret)).toMatchObject({
      ok: false,
      status: 404,
      error: { msg: RECORDING_HANDOFF_SPENT },
    });
    expect(await page.getRecordingHandoff(id)).toMatchObject({ ok: false, status: 404 });
  });

  it("passes the server's refusals through: a bad host, a stranger's message, a wrong secret", async () => {
    const addOn = createApiClient({ baseUrl: `${api.url}/api` });
    expect(await addOn.createRecordingHandoff('outlook' as 'gmail')).toMatchObject({
      ok: false,
      status: 400,
      error: { msg: "host: must be one of 'ms-teams', 'front-app', 'zoho-mail', 'google-meet', 'gmail', 'google-docs'" },
    });
    const created = await addOn.createRecordingHandoff('google-docs');
    if (!created.ok) throw new Error(created.error.msg);
    const owner = await signedIn();
    const stranger = await signedIn();
    const ownersMessage = await uploadedMessage(owner, 'Private');
    expect(await stranger.shareToRecordingHandoff(created.data.id, ownersMessage)).toMatchObject({ ok: false, status: 404 });
    expect(await addOn.claimRecordingHandoff(created.data.id, 'W'.repeat(43))).toMatchObject({
      ok: false,
      status: 404,
      error: { msg: RECORDING_HANDOFF_SPENT },
    });
    expect((await addOn.claimRecordingHandoff(created.data.id, created.data.secret)).ok).toBe(true);
  });
});
