import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** LAME's wasm read from node_modules, for tests and the benchmark (browsers get a URL). */
export async function readMp3WasmInNode(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  return new Uint8Array(await readFile(require.resolve('wasm-media-encoders/wasm/mp3')));
}
