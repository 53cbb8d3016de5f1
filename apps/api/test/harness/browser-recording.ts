import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '@vocal/e2e';
import { GO_FORWARD, goForwardPcm, wavBytes } from '@vocal/test-fixtures';

/**
 * Records a WAV through Chromium's MediaRecorder with the fake microphone, once per MIME
 * type at the same time, and returns the bytes exactly as a browser that cannot encode MP3
 * would upload them (WebM/Opus, MP4/Opus).
 */
export async function recordInChromium(wavPath: string, seconds: number, mimeTypes: string[]): Promise<Uint8Array[]> {
  // getUserMedia needs a secure context: a page on localhost is one, about:blank is not.
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>recorder</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser({ microphoneWav: wavPath });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
    // Page code as a string: this package is typed for Node, without the DOM's types.
    const encoded = await page.evaluate<string[]>(`(async () => {
      const seconds = ${JSON.stringify(seconds)};
      const mimeTypes = ${JSON.stringify(mimeTypes)};
      for (const mimeType of mimeTypes) {
        if (!MediaRecorder.isTypeSupported(mimeType)) throw new Error('MediaRecorder cannot record ' + mimeType);
      }
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
      const recordings = mimeTypes.map((mimeType) => {
        const recorder = new MediaRecorder(stream, { mimeType });
        const chunks = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.start(250);
        return { recorder, chunks, stopped };
      });
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      for (const { recorder } of recordings) recorder.stop();
      const results = [];
      for (const { chunks, stopped } of recordings) {
        await stopped;
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        results.push(btoa(binary));
      }
      stream.getTracks().forEach((track) => track.stop());
      return results;
    })()`);
    return encoded.map((base64) => new Uint8Array(Buffer.from(base64, 'base64')));
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * goforward.raw (human speech from pocketsphinx-testdata) as Chromium's MediaRecorder makes it
 * with the fake microphone: WebM/Opus and MP4/Opus, 3 seconds each.
 */
export async function goForwardAsBrowserUploads(): Promise<{ webm: Uint8Array; mp4: Uint8Array }> {
  const folder = await mkdtemp(join(tmpdir(), 'vocal-browser-recording-'));
  try {
    const wav = join(folder, 'goforward.wav');
    await writeFile(wav, wavBytes(await goForwardPcm(), GO_FORWARD.sampleRate));
    const [webm, mp4] = await recordInChromium(wav, 3, ['audio/webm;codecs=opus', 'audio/mp4;codecs=opus']);
    if (!webm || !mp4) throw new Error('Chromium recorded no WebM or MP4');
    return { webm, mp4 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
