import { setFlagsFromString } from 'node:v8';

/**
 * Starting the server (loading modules, migrating, building the app) makes V8 grow its young
 * generation to its largest, two 16 MB semi-spaces, and it stays that size while the server
 * idles: a fifth of an idle PostgreSQL server's memory. Growth is switched off while the server
 * starts and back on once it serves, so request load grows the young generation as V8 sees
 * fit (the hot paths are not slowed) and an idle server keeps the small one
 * (docs/decisions/0030-idle-footprint.md). V8 reads this flag each time it would grow. An
 * operator's own young-generation flags (NODE_OPTIONS or the command line) are left alone.
 */
const V8_DEFAULT_GROWTH_FACTOR = 2;
const operatorChose = () =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) => /semi[-_]space/.test(flag));

/** Called by main.ts before anything else loads. */
export function holdYoungGeneration(): void {
  if (!operatorChose()) setFlagsFromString('--semi-space-growth-factor=1');
}

/** Called once the server serves: the young generation may grow again with load. */
export function startupFinished(): void {
  if (!operatorChose()) setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH_FACTOR}`);
}
