import { holdYoungGeneration } from './startup-heap.ts';

// The one entry point: `pnpm start` runs the bundle of this file. Nothing but a Node builtin
// is loaded before the young generation is held small (src/startup-heap.ts); the server and
// every package it uses load after, through a path esbuild leaves alone, so the bundle keeps
// them in dist/server-main.mjs rather than hoisting their imports above this line.
holdYoungGeneration();
const server = new URL(import.meta.url.endsWith('.ts') ? './server-main.ts' : './server-main.mjs', import.meta.url);
await import(server.href);
