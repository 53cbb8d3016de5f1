import {
  launchBrowser,
  nodeRelease,
  signUpOverApi,
  signUpThroughPage,
  startProduct,
  startSpeechApi,
  uniqueEmail,
  watchPageErrors,
  type ApiProcess,
  type SpeechApi,
} from '@vocal/e2e';
import { makeMp3, makePng, makeSpeechWav, readWebpHeader } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmReview, makePro, recordFor } from './support.ts';

/**
 * The built server on Node 24 LTS, the release the production image runs (decision 0042), while
 * the rest of the check runs on the machine's Node 20: one server, started from dist/main.mjs
 * on `npx -y node@24`, driven through sign-up, an upload, the listen page, a transcription job
 * (against a local server answering as OpenAI's gpt-4o-mini-transcribe does) and one recording
 * in the browser.
 */
let product: ApiProcess;
let speech: SpeechApi;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let nodeVersion: string;

beforeAll(async () => {
  const node = await nodeRelease('24');
  nodeVersion = node.version;
  speech = await startSpeechApi('openai', {
    key: 'sk-node-24',
    spoken: [
      { word: 'Hello', start: 0.3, end: 0.8 },
      { word: 'from', start: 0.9, end: 1.2 },
      { word: 'Node', start: 1.3, end: 1.7 },
      { word: '24.', start: 1.8, end: 2.4 },
    ],
  });
  product = await startProduct({
    nodeBinary: node.path,
    env: { TRANSCRIPTION_API_URL: speech.url, TRANSCRIPTION_API_KEY: 'sk-node-24', TRANSCRIPTION_MODEL: 'gpt-4o-mini-transcribe' },
  });
  const wav = await makeSpeechWav('This message was recorded against the server running on Node twenty four.', { seconds: 8 });
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await speech?.close();
});

describe('the built server on Node 24', () => {
  it('runs on Node 24, and takes a sign-up, an upload, a listen and a transcription', async () => {
    expect(nodeVersion).toMatch(/^v24\./);
    const health = await fetch(`${product.url}/health`);
    expect(health.status).toBe(200);

    const email = uniqueEmail('node24');
    const token = await signUpOverApi(product.url, email);
    await makePro(product.dataDir, email);
    const reserved = (await (await fetch(`${product.url}/api/get-vocal`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    };
    const form = new FormData();
    form.set('recording', new Blob([await makeMp3(3)], { type: 'audio/mpeg' }), 'recording.mp3');
    form.set('image', new Blob([makePng(480, 64)], { type: 'image/png' }), 'waveform.png');
    form.set('context', JSON.stringify({ id: reserved.id, duration: 3, peaks: [0.2, 0.6, 0.4] }));
    const uploaded = await fetch(`${product.url}/api/upload-vocal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };

    const listen = await fetch(url.replace('localhost', '127.0.0.1'));
    expect(listen.status).toBe(200);
    expect(await listen.text()).toContain('listen-data');

    await expect
      .poll(
        async () => {
          const state = (await (
            await fetch(`${product.url}/api/transcription/${reserved.id}`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as { status: string; transcription: { sentences: { text: string }[] }[] | null };
          return state.status === 'loading' ? null : state;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toMatchObject({ status: 'complete', transcription: [{ sentences: [{ text: 'Hello from Node 24.' }] }] });
    expect(speech.transcriptionRequests()).toEqual([expect.objectContaining({ responseFormat: 'json', model: 'gpt-4o-mini-transcribe' })]);
  });

  it('stores a logo as WebP (libwebp in WebAssembly, on the bundled media worker) and an avatar as PNG', async () => {
    const token = await signUpOverApi(product.url, uniqueEmail('node24-picture'));
    const upload = async (kind: string) => {
      const form = new FormData();
      form.set('img', new Blob([makePng(1600, 400)], { type: 'image/png' }), 'picture.png');
      form.set('kind', kind);
      const reply = await fetch(`${product.url}/api/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(reply.status).toBe(200);
      const { url } = (await reply.json()) as { url: string };
      const file = await fetch(url.replace('localhost', '127.0.0.1'));
      return { url, type: file.headers.get('content-type'), bytes: new Uint8Array(await file.arrayBuffer()) };
    };
    const logo = await upload('logo');
    expect([logo.url.split('.').pop(), logo.type]).toEqual(['webp', 'image/webp']);
    expect(readWebpHeader(logo.bytes)).toEqual({ width: 1024, height: 256, lossless: true });
    const avatar = await upload('avatar');
    expect([avatar.url.split('.').pop(), avatar.type]).toEqual(['png', 'image/png']);
  });

  it('records a message in the browser and hands out its link', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);
    await recordFor(page, 3);
    await page.getByText('Listen before you send').waitFor();
    await confirmReview(page);
    const link = page.getByRole('textbox', { name: 'Link to your message' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/listen\/[A-Za-z0-9]{12}$/);
    expect((await fetch(url.replace('localhost', '127.0.0.1'))).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
