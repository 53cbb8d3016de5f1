import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { checkReportOptions } from './check-report.js';

/**
 * Browser tests (`e2e/*.e2e.ts`): a real server and real Chromium per file, with time for a
 * shared, noisy machine. Two files at a time: each spends most of its time waiting on its
 * server, its browser and real-time audio, so two keep the cores busier than one, and the
 * files share nothing (each has its own server, data folder and browser profile).
 */
export const e2eTestConfig = defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // Hang guards only. In a full `pnpm check` on two cores the machine runs 20 and more
    // threads per core for half an hour (every browser suite, the API suite, the compilers),
    // and a browser test that takes 40 s alone has taken over 180 s. On a slower machine of the
    // same size (2026-11-25: the whole check took over 40 minutes) one that takes 18 s alone ran
    // past 480 s: 900 s, as the Node suites.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // expect.poll's own default gives up after 1 s, which a loaded machine overruns while the
    // page is still on its way: like the timeouts above, it only catches a hang.
    expect: { poll: { timeout: 120_000 } },
    fileParallelism: true,
    maxWorkers: 2,
    // A worker keeps the modules it loaded for the next file (each file's own code still runs
    // afresh, with its own browser and server): loading Playwright and the harness once per
    // worker instead of once per file saved about 0.8 CPU-s a file, 6 % of the browser
    // suites' own. Nothing in them keeps state a file could leak to the next: the caches are
    // the seeded database and axe's source, and no file changes the environment.
    isolate: false,
    // One more try for a test that failed. On the CI machine, with every suite's Chromium
    // recording at once, the fake microphone now and then never starts delivering audio to a
    // page (the recorder's clock stays at 0:00, or Start never becomes Stop) although nothing
    // of ours waits on it; the same test passes alone and under a CPU hog. A real failure
    // fails twice. Each test opens its own browser context, so a retry starts clean.
    retry: 1,
    ...checkReportOptions(),
  },
});

/**
 * A host app's browser tests: as above, one file at a time, and only while the suite holds one
 * of the machine's few places for host browser suites (host-browser-slot.js). CI starts every
 * host app's suite at once beside the API and web suites; a Chromium per file per host was the
 * peak at which the fake microphone stalled, and the host suites are short.
 */
export const hostE2eTestConfig = defineConfig({
  test: {
    ...e2eTestConfig.test,
    maxWorkers: 1,
    globalSetup: [fileURLToPath(new URL('./host-browser-slot.js', import.meta.url))],
  },
});
