import { createServer } from 'node:net';
import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './api-client.ts';
import type { HttpErrorReport } from './api-result.ts';
import { memoryTokenStore } from './token-store.ts';
import { expiredCopyOf, recordingFetch, startMicrosoftKeys } from './test-support.ts';

let api: ApiProcess;
let mp3: Uint8Array<ArrayBuffer>;
let microsoft: Awaited<ReturnType<typeof startMicrosoftKeys>>;
beforeAll(async () => {
  microsoft = await startMicrosoftKeys();
  api = await startApiProcess({ env: microsoft.env });
  mp3 = await makeMp3(2);
});
afterAll(async () => {
  await api?.stop();
  await microsoft?.close();
});

let counter = 0;
const newEmail = () => `client${++counter}-${Date.now()}@example.com`;

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: `${api.url}/api`, storageBaseUrl: `${api.url}/files/`, ...extra });
}

async function signedIn(extra: Partial<ApiClientOptions> = {}) {
  const instance = client(extra);
  const result = await instance.signIn({ email: newEmail(), password: 'correct horse battery' });
  expect(result.ok).toBe(true);
  return instance;
}

async function sendMessage(instance: ReturnType<typeof client>, subject?: string) {
  const reserved = await instance.getVocal('webapp');
  if (!reserved.ok) throw new Error(reserved.error.msg);
  const uploaded = await instance.uploadVocal({
    recording: new Blob([mp3], { type: 'audio/mpeg' }),
    image: new Blob([makePng(200, 40)], { type: 'image/png' }),
    context: { id: reserved.data.id, platform: 'webapp', duration: 2, peaks: [0.2, 0.8, 0.5], subject },
  });
  if (!uploaded.ok) throw new Error(uploaded.error.msg);
  return uploaded.data;
}

describe('api-client against the real server', () => {
  it('signs in with a Microsoft token when the server offers it, and holds our tokens', async () => {
    const policy = await client().getSignupPolicy();
    expect(policy.ok && policy.data.microsoft).toEqual({ clientId: microsoft.clientId });

    const wire = recordingFetch();
    const instance = client({ fetch: wire.fetch });
    const email = newEmail();
    const forged = await instance.microsoftAuth(await microsoft.sign(email, { forged: true }));
    expect(forged).toMatchObject({ ok: false, status: 401, error: { msg: expect.stringMatching(/not signed by Microsoft/) } });
    expect(instance.session.isAuthorized()).toBe(false);

    const token = await microsoft.sign(email);
    const result = await instance.microsoftAuth(token);
    expect(result.ok).toBe(true);
    expect(instance.session.isAuthorized()).toBe(true);
    const sent = wire.requests.at(-1)!;
    expect([sent.method, sent.url, sent.headers.get('authorization')]).toEqual(['POST', `${api.url}/api/microsoft-auth`, null]);
    const account = await instance.getAccount();
    expect(account.ok && [account.data.email, account.data.name]).toEqual([email, 'Grace Hopper']);
  });

  it('signs in, holds the tokens, and sends JSON with the bearer token', async () => {
    const wire = recordingFetch();
    const instance = await signedIn({ fetch: wire.fetch });
    expect(instance.session.isAuthorized()).toBe(true);
    const account = await instance.getAccount();
    expect(account.ok && account.data.name).toBe('You');
    const request = wire.requests.at(-1)!;
    expect(request.url).toBe(`${api.url}/api/account`);
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('authorization')).toMatch(/^Bearer ey/);
  });

  it('collapses duplicate slashes from the base URL', async () => {
    const wire = recordingFetch();
    const instance = createApiClient({ baseUrl: `${api.url}//api/`, fetch: wire.fetch });
    const result = await instance.viewVocal('AAAAAAAAAAAA');
    expect(result.ok).toBe(false);
    expect(wire.requests[0]!.url).toBe(`${api.url}/api/view-vocal/AAAAAAAAAAAA`);
  });

  it('records, uploads, lists, reads, edits and deletes a message', async () => {
    const instance = await signedIn();
    const sent = await sendMessage(instance, 'First message');
    expect(sent.url).toMatch(new RegExp(`/listen/${sent.id}$`));

    const list = await instance.getAudios();
    expect(list.ok && list.data.audios.map((recording) => recording.id)).toEqual([sent.id]);

    const listen = await instance.viewVocal(sent.id);
    expect(listen.ok && listen.data.audio.subject).toBe('First message');
    expect(listen.ok && listen.data.settings.name).toBe('Someone');

    const edited = await instance.editRecording(sent.id, { subject: 'Renamed' });
    expect(edited.ok && edited.data.subject).toBe('Renamed');

    const deleted = await instance.deleteRecording(sent.id);
    expect(deleted.ok).toBe(true);
    const gone = await instance.viewVocal(sent.id);
    expect(gone).toEqual({ ok: false, status: 404, error: { msg: 'This voice message does not exist or was deleted' } });
  });

  it('reads and saves settings, account, pictures and the share page', async () => {
    const instance = await signedIn();
    const settings = await instance.savePersonalisation({ signature: { message: 'Have a listen' } });
    expect(settings.ok && settings.data.signature.message).toBe('Have a listen');
    expect((await instance.getPersonalisation()).ok).toBe(true);

    const picture = await instance.uploadImage(new Blob([makePng(16, 16)], { type: 'image/png' }), 'me.png', 'avatar');
    expect(picture.ok && picture.data.url).toMatch(/\/files\/images\/.+\.png$/);
    const logo = await instance.uploadImage(new Blob([makePng(16, 16)], { type: 'image/png' }), 'logo.png', 'logo');
    expect(logo.ok && logo.data.url).toMatch(/\/files\/images\/.+\.webp$/);
    const account = await instance.updateAccount({ name: 'Ada', avatarUrl: picture.ok ? picture.data.url : null });
    expect(account.ok && account.data.name).toBe('Ada');

    const shared = await client().getSharedUser(account.ok ? account.data.inviteCode : '');
    expect(shared.ok && shared.data.name).toBe('Ada');
    expect(shared.ok && 'email' in shared.data).toBe(false);

    const folders = await instance.getFolders();
    expect(folders.ok && folders.data.folders[0]).toMatchObject({ id: null, name: 'Recordings' });
    const folder = await instance.createFolder('Clients');
    expect(folder).toMatchObject({ ok: false, status: 403 });
  });

  it('makes, lists and revokes personal API tokens; a token works as a bearer for a script', async () => {
    const instance = await signedIn();
    const made = await instance.createApiToken({ name: 'Backup script', scope: 'read' });
    if (!made.ok) throw new Error(made.error.msg);
    expect(made.data.token).toMatch(/^vocal_pat_/);
    const listed = await instance.listApiTokens();
    expect(listed.ok && listed.data.tokens.map((token) => token.name)).toEqual(['Backup script']);
    const script = await fetch(`${api.url}/api/audio`, { headers: { authorization: `Bearer ${made.data.token}` } });
    expect(script.status).toBe(200);
    expect((await instance.revokeApiToken(made.data.id)).ok).toBe(true);
    expect((await fetch(`${api.url}/api/audio`, { headers: { authorization: `Bearer ${made.data.token}` } })).status).toBe(401);
    const bad = await instance.createApiToken({ name: '', scope: 'read' });
    expect(bad.ok).toBe(false);
  });

  it("returns the server's JSON error body and reports 4xx to the error hook", async () => {
    const reports: HttpErrorReport[] = [];
    const instance = client({ onHttpError: (report) => reports.push(report) });
    const result = await instance.signIn({ email: 'not-an-email', password: 'long enough' });
    expect(result).toEqual({ ok: false, status: 400, error: { msg: 'email: must be a valid email address' } });
    expect(reports).toEqual([
      expect.objectContaining({ method: 'POST', status: 400, body: { msg: 'email: must be a valid email address' } }),
    ]);
  });

  it('refreshes once on an expired token and retries the call', async () => {
    const wire = recordingFetch();
    const store = memoryTokenStore();
    const instance = await signedIn({ fetch: wire.fetch, tokenStore: store });
    const tokens = store.get()!;
    store.set({ ...tokens, accessToken: await expiredCopyOf(tokens.accessToken) });

    const account = await instance.getAccount();
    expect(account.ok).toBe(true);
    const paths = wire.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`);
    expect(paths.slice(-3)).toEqual(['GET /api/account', 'POST /api/refresh', 'GET /api/account']);
    expect(store.get()!.refreshToken).not.toBe(tokens.refreshToken);
  });

  it('several requests hitting 401 at once cause exactly one refresh', async () => {
    const wire = recordingFetch();
    const store = memoryTokenStore();
    const instance = await signedIn({ fetch: wire.fetch, tokenStore: store });
    const tokens = store.get()!;
    store.set({ ...tokens, accessToken: await expiredCopyOf(tokens.accessToken) });

    const results = await Promise.all([
      instance.getAccount(),
      instance.getAudios(),
      instance.getPersonalisation(),
      instance.getFolders(),
      instance.getAccount(),
      instance.getAudios(),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(wire.requests.filter((request) => request.url.endsWith('/api/refresh'))).toHaveLength(1);
  });

  it('a refused refresh logs out, calls the reload callback, and the call fails', async () => {
    const onLogout = vi.fn();
    const reload = vi.fn();
    const store = memoryTokenStore();
    const instance = await signedIn({ tokenStore: store, onLogout, reload });
    const tokens = store.get()!;
    // Revoke the session on the server, then present an expired access token.
    await instance.logout();
    onLogout.mockClear();
    store.set({ ...tokens, accessToken: await expiredCopyOf(tokens.accessToken) });
    instance.session.setTokens(store.get());

    const result = await instance.getAccount();
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(instance.session.isAuthorized()).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('authenticated requests wait until the user is authorized', async () => {
    const instance = client();
    let settled = false;
    const pending = instance.getAccount().then((result) => {
      settled = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await instance.signIn({ email: newEmail(), password: 'correct horse battery' });
    const result = await pending;
    expect(result.ok).toBe(true);
  });

  it('public calls do not wait for authorization', async () => {
    const result = await client().viewVocal('AAAAAAAAAAAA');
    expect(result).toMatchObject({ ok: false, status: 404 });
  });

  it('re-encodes only audio on our own storage, without a request otherwise', async () => {
    const wire = recordingFetch();
    const instance = await signedIn({ fetch: wire.fetch });
    const before = wire.requests.length;
    const refused = await instance.reencode('https://elsewhere.example.com/files/abc.mp3');
    expect(refused).toMatchObject({ ok: false, status: 0 });
    expect(wire.requests.length).toBe(before);
    await instance.reencode(`${api.url}/files/AAAAAAAAAAAA.mp3`);
    expect(new URL(wire.requests.at(-1)!.url).pathname).toBe('/api/reencode/AAAAAAAAAAAA');
  });

  it('reads the transcript state and re-encodes a message of its own', async () => {
    const instance = await signedIn();
    const sent = await sendMessage(instance);
    const transcript = await instance.getTranscription(sent.id);
    expect(transcript.ok && transcript.data).toMatchObject({ id: sent.id, status: null, transcription: null });
    const listen = await instance.viewVocal(sent.id);
    const audioUrl = listen.ok ? listen.data.audio.audioUrl : '';
    // On a busy machine the job can outlast the server's wait, which then answers 202 "queued";
    // asking again joins the same job, so a client asks until it is done.
    let reencoded = await instance.reencode(audioUrl);
    for (let asked = 1; reencoded.ok && reencoded.data.status === 'queued' && asked < 10; asked++) {
      reencoded = await instance.reencode(audioUrl);
    }
    expect(reencoded, JSON.stringify(reencoded)).toMatchObject({ ok: true, data: { id: sent.id, status: 'complete' } });
  }, 600_000);

  it("sends a visitor's upload with the reservation id in the address, which the server needs before the body", async () => {
    const owner = await signedIn();
    const sent = await sendMessage(owner);
    const wire = recordingFetch();
    const visitor = client({ fetch: wire.fetch });
    const reserved = await visitor.getVocalFree({ target: `reply:${sent.id}` });
    if (!reserved.ok) throw new Error(reserved.error.msg);
    const uploaded = await visitor.uploadVocal(
      {
        recording: new Blob([mp3], { type: 'audio/mpeg' }),
        image: new Blob([makePng(200, 40)], { type: 'image/png' }),
        context: { id: reserved.data.id, platform: 'webapp', duration: 2, peaks: [] },
      },
      { auth: 'none' },
    );
    expect(uploaded.ok).toBe(true);
    expect(wire.requests.at(-1)!.url).toBe(`${api.url}/api/upload-vocal?id=${reserved.data.id}`);
  });

  it('unsubscribe answers false when it fails', async () => {
    const instance = await signedIn();
    expect(await instance.unsubscribe()).toBe(false);
  });

  it('logs a failed upload as fatal with the spec title', async () => {
    const logFatal = vi.fn();
    const instance = await signedIn({ logFatal });
    const result = await instance.uploadVocal({
      recording: new Blob(['not audio at all'.repeat(50)]),
      image: new Blob([makePng()]),
      context: { id: 'AAAAAAAAAAAA', duration: 1, peaks: [] },
    });
    expect(result).toMatchObject({ ok: false, status: 404 });
    expect(logFatal).toHaveBeenCalledWith('Failed to upload files', expect.stringContaining('404'));
  });

  it('deleting the account ends the session', async () => {
    const instance = await signedIn();
    const result = await instance.deleteAccount({ password: 'correct horse battery' });
    expect(result.ok).toBe(true);
    expect(instance.session.isAuthorized()).toBe(false);
  });
});

async function releasedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No port was bound');
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return `http://127.0.0.1:${address.port}`;
}

describe('api-client when the server is away', () => {
  it('retries GETs, never POSTs, and reports status 0 with a message', async () => {
    // A port that was just bound and released: nothing answers there. Starting and stopping a
    // whole server here would only make the test slow on a busy machine.
    const awayUrl = await releasedPortUrl();
    const wire = recordingFetch();
    const instance = createApiClient({ baseUrl: `${awayUrl}/api`, fetch: wire.fetch, retryLimit: 2 });
    const read = await instance.viewVocal('AAAAAAAAAAAA');
    expect(read).toMatchObject({ ok: false, status: 0, error: { msg: expect.stringMatching(/^Could not reach the server/) } });
    expect(wire.requests.filter((request) => request.method === 'GET')).toHaveLength(3);
    const write = await instance.signIn({ email: 'a@b.co', password: 'long enough' });
    expect(write).toMatchObject({ ok: false, status: 0 });
    expect(wire.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
