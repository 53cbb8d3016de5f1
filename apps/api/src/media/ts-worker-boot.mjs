// A worker's entry while the server runs from TypeScript source (tests, `tsx watch`): registers
// tsx in this thread, then loads the TypeScript entry the pool named. Never used by the bundle.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsEntry, import.meta.url);
