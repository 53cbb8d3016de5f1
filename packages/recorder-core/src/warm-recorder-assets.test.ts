import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldMp3WasmCopy } from './held-assets.ts';
import { warmRecorderAssets } from './warm-recorder-assets.ts';

afterEach(() => vi.unstubAllGlobals());

describe('warming the recorder’s assets', () => {
  it('holds a wasm inlined as a data: URL without fetching it (a host’s CSP may refuse that fetch)', async () => {
    // The spare encoder worker is a browser's; here a stand-in that loads nothing.
    vi.stubGlobal(
      'Worker',
      class {
        addEventListener() {}
      },
    );
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      throw new Error('refused by the page’s policy');
    });
    const wasm = Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const inlined = `data:application/wasm;base64,${btoa(String.fromCharCode(...wasm))}`;
    await warmRecorderAssets({ captureWorkletUrl: 'https://zoho.example/app/assets/capture-worklet.js', mp3WasmUrl: inlined });
    expect(new Uint8Array(heldMp3WasmCopy()!)).toEqual(wasm);
    expect(fetched).toEqual(['https://zoho.example/app/assets/capture-worklet.js']);
  });
});
