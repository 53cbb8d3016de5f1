import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeMp3, GO_FORWARD, goForwardPcm, LIBRIVOX, readWavPcm, speechSamplesAvailable } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { loadConfig } from '../src/env.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { createJobWorker } from '../src/jobs/job-worker.ts';
import { createLogger } from '../src/logger.ts';
import { createMediaPool } from '../src/media/media-pool.ts';
import { readMp3 } from '../src/media/mp3.ts';
import { benchFootprints } from './footprint-bench.ts';
import { benchInbox } from './inbox-bench.ts';
import { benchListenPath } from './listen-path-bench.ts';
import { benchMediaOffTheEventLoop } from './media-bench.ts';
import { benchPreviewCards } from './preview-card-bench.ts';
import { benchUploadMemory } from './upload-bench.ts';
import { benchProgressiveUploads } from './progressive-upload-bench.ts';
import { benchHostileInputMemory } from './hostile-input-bench.ts';
import { benchCrashAndLoad } from './crash-and-load-bench.ts';
import { openTestDatabase } from '../test/harness/test-database.ts';
import { backends, type Backend } from '../test/harness/test-server.ts';
import { isExecutable } from '../src/transcription/choose-transcriber.ts';
import { createOpenAiTranscriber } from '../src/transcription/openai-transcriber.ts';
import { createPocketsphinxTranscriber } from '../src/transcription/pocketsphinx-transcriber.ts';
import type { Transcriber } from '../src/transcription/transcriber.ts';

/**
 * `pnpm bench`: one JSON line per measurement. Transcription real-time factor for each
 * provider available here, the local engine's word accuracy on the LibriVox files of
 * pocketsphinx-testdata, queue throughput, and the event loop under continuous re-encoding
 * (media-bench.ts, also runnable alone), and the inbox on 10,000 messages (inbox-bench.ts, also
 * runnable alone), and the listen path against a bare Hono route (listen-path-bench.ts, also
 * runnable alone), on PGlite (and PostgreSQL when TEST_DATABASE_URL is
 * set, as for the tests), and the built server's idle memory and first start
 * (footprint-bench.ts, also runnable alone), what a 600 MB body and a picture bomb cost it
 * (hostile-input-bench.ts), and its listen path and an owner's transcript while visitors load it
 * (crash-and-load-bench.ts), and 50 recorders streaming their MP3 at once (progressive-upload-bench.ts),
 * each also runnable alone.
 */
const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const config = loadConfig();

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/<\/?s>|\([^)]*\)/g, ' ')
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word errors (substitutions, deletions, insertions) by edit distance over words. */
function wordErrors(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row++) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column++) {
      const substitution = previous[column - 1]! + (reference[row - 1] === hypothesis[column - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[column]! + 1, current[column - 1]! + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

async function librivoxSamples() {
  const lines = (await readFile(LIBRIVOX.transcriptPath, 'utf8')).split('\n').filter(Boolean);
  return Promise.all(
    lines.map(async (line) => {
      const match = /^(.*)\(([^)]+)\)\s*$/.exec(line)!;
      const { samples, sampleRate } = await readWavPcm(join(LIBRIVOX.folder, `${match[2]}.wav`));
      return {
        name: match[2]!,
        reference: normalise(match[1]!),
        mp3: await encodeMp3(samples, sampleRate),
        seconds: samples.length / sampleRate,
      };
    }),
  );
}

async function benchTranscriber(transcriber: Transcriber) {
  const samples = [
    { name: 'goforward', reference: GO_FORWARD.words, mp3: await encodeMp3(await goForwardPcm(), GO_FORWARD.sampleRate), seconds: 0 },
    ...(await librivoxSamples()),
  ];
  let totalAudio = 0;
  let totalElapsed = 0;
  let totalWords = 0;
  let totalErrors = 0;
  for (const sample of samples) {
    const seconds = readMp3(sample.mp3)!.durationSeconds;
    const started = performance.now();
    const { transcription: transcript } = await transcriber.transcribe({
      audio: sample.mp3,
      contentType: 'audio/mpeg',
      durationSeconds: seconds,
      signal: new AbortController().signal,
    });
    const elapsed = (performance.now() - started) / 1000;
    const hypothesis = normalise(transcript.flatMap((segment) => segment.sentences.map((sentence) => sentence.text)).join(' '));
    const errors = wordErrors(sample.reference, hypothesis);
    totalAudio += seconds;
    totalElapsed += elapsed;
    if (sample.name !== 'goforward') {
      totalWords += sample.reference.length;
      totalErrors += errors;
    }
    print({
      bench: 'transcription',
      provider: transcriber.name,
      file: sample.name,
      audioSeconds: +seconds.toFixed(2),
      realTimeFactor: +(elapsed / seconds).toFixed(3),
      wordAccuracy: +Math.max(0, 1 - errors / sample.reference.length).toFixed(3),
    });
  }
  print({
    bench: 'transcription',
    provider: transcriber.name,
    file: 'all',
    audioSeconds: +totalAudio.toFixed(2),
    realTimeFactor: +(totalElapsed / totalAudio).toFixed(3),
    librivoxWordAccuracy: +Math.max(0, 1 - totalErrors / totalWords).toFixed(3),
  });
  await recordResult({
    suite: 'transcription',
    name: `real-time factor, ${transcriber.name}`,
    value: +(totalElapsed / totalAudio).toFixed(3),
    unit: 'x audio length',
    method: `${totalAudio.toFixed(0)} s of human speech (pocketsphinx-testdata), decoding included; lower is faster`,
  });
  if (totalWords > 0) {
    await recordResult({
      suite: 'transcription',
      name: `word accuracy on LibriVox, ${transcriber.name}`,
      value: +(100 * Math.max(0, 1 - totalErrors / totalWords)).toFixed(1),
      unit: '%',
      method: `${totalWords} reference words, word edit distance`,
    });
  }
}

async function benchQueue(backend: Backend, jobCount: number, concurrency: number) {
  const database = await openTestDatabase(backend);
  try {
    const queue = createJobQueue({
      db: database.db,
      config: { concurrency, leaseSeconds: 30, maxAttempts: 3, retryBaseSeconds: 1, pollMs: 50, expirySweepSeconds: 60 },
    });
    const enqueueStarted = performance.now();
    for (let index = 0; index < jobCount; index++) await queue.enqueue({ kind: 'noop', key: `noop:${index}` });
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;
    let done = 0;
    let finish: () => void = () => {};
    const allDone = new Promise<void>((resolve) => (finish = resolve));
    const worker = createJobWorker({
      queue,
      handlers: {
        noop: {
          async run(_job, context) {
            await context.complete(async () => {});
            if (++done === jobCount) finish();
          },
        },
      },
      concurrency,
      pollMs: 50,
      leaseSeconds: 30,
      logger: createLogger('silent'),
    });
    const started = performance.now();
    worker.start();
    await allDone;
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    print({
      bench: 'queue',
      database: backend,
      jobs: jobCount,
      concurrency,
      enqueuePerSecond: Math.round(jobCount / enqueueSeconds),
      jobsPerSecond: Math.round(jobCount / seconds),
    });
    await recordResult({
      suite: 'jobs',
      name: `queue throughput, ${backend}, ${concurrency} at a time`,
      value: Math.round(jobCount / seconds),
      unit: 'jobs/s',
      method: `${jobCount} no-op jobs claimed, run and completed by one worker`,
    });
  } finally {
    await database.drop();
  }
}

if (speechSamplesAvailable() && isExecutable(config.transcription.pocketsphinxPath, config.transcription.searchPath)) {
  const media = createMediaPool({ workers: config.mediaWorkers });
  try {
    await benchTranscriber(createPocketsphinxTranscriber({ command: config.transcription.pocketsphinxPath, media }));
  } finally {
    await media.close();
  }
} else {
  print({ bench: 'transcription', provider: 'local', skipped: 'pocketsphinx or pocketsphinx-testdata is not installed' });
}
if (config.transcription.api && speechSamplesAvailable()) {
  const media = createMediaPool({ workers: config.mediaWorkers });
  try {
    await benchTranscriber(
      createOpenAiTranscriber({ endpoint: config.transcription.api, timeoutMs: config.transcription.timeoutMs, media }),
    );
  } finally {
    await media.close();
  }
} else {
  print({ bench: 'transcription', provider: 'openai', skipped: 'TRANSCRIPTION_API_URL / TRANSCRIPTION_API_KEY not set' });
}
await benchQueue('pglite', 500, 1);
await benchQueue('pglite', 500, 4);
// Like the tests, the bench makes its scratch PostgreSQL databases on the server named here.
if (process.env.TEST_DATABASE_URL) {
  await benchQueue('postgres', 1000, 1);
  await benchQueue('postgres', 1000, 4);
} else {
  print({ bench: 'queue', database: 'postgres', skipped: 'TEST_DATABASE_URL not set' });
}
for (const backend of backends) await benchMediaOffTheEventLoop(backend);
for (const backend of backends) await benchInbox(backend);
for (const backend of backends) await benchListenPath(backend);
await benchUploadMemory();
await benchProgressiveUploads();
await benchHostileInputMemory();
await benchCrashAndLoad();
await benchPreviewCards();
await benchFootprints();
