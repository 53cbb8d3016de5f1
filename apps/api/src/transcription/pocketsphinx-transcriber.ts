import { execFile } from 'node:child_process';
import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeAudio } from '../media/audio-file.ts';
import { createResampler } from '../media/resampler.ts';
import { transcriptFromUtterances, type TimedWord } from './sentences.ts';
import type { Transcriber } from './transcriber.ts';

const run = promisify(execFile);

/** pocketsphinx's acoustic model (pocketsphinx-en-us) is trained on 16 kHz speech. */
const RECOGNISER_RATE = 16_000;

/** Markers that are not words: sentence bounds, silence, fillers such as [NOISE] or ++UM++. */
const NOT_A_WORD = /^(?:<s>|<\/s>|<sil>|<unk>|\[[^\]]*\]|\+\+.*\+\+)$/i;

/**
 * Parses `pocketsphinx_continuous -time yes` output: for each utterance a hypothesis line,
 * then one "word start end confidence" line per word, bounded by <s> and </s>. Alternate
 * pronunciations are marked word(2); the marker is dropped.
 */
export function parsePocketsphinxOutput(output: string): TimedWord[][] {
  const utterances: TimedWord[][] = [];
  let current: TimedWord[] | null = null;
  for (const line of output.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4 || !fields.slice(1).every((field) => /^-?\d+(?:\.\d+)?$/.test(field))) continue;
    const [token, start, end] = fields as [string, string, string, string];
    if (token === '<s>' || current === null) {
      if (current?.length) utterances.push(current);
      current = [];
    }
    if (token === '</s>') {
      if (current.length) utterances.push(current);
      current = null;
      continue;
    }
    if (NOT_A_WORD.test(token)) continue;
    const word = token.replace(/\(\d+\)$/, '').toLowerCase();
    if (word) current.push({ word, start: Number(start), end: Number(end) });
  }
  if (current?.length) utterances.push(current);
  return utterances;
}

/**
 * The offline engine: decodes the recording in Node, resamples it to 16 kHz mono 16-bit PCM
 * in a temporary file, and runs Debian's pocketsphinx_continuous on it.
 */
export function createPocketsphinxTranscriber(options: { command: string }): Transcriber {
  return {
    name: 'local',
    async transcribe(request) {
      const folder = await mkdtemp(join(tmpdir(), 'vocal-transcribe-'));
      const rawPath = join(folder, 'speech.raw');
      try {
        const file = await open(rawPath, 'w');
        try {
          let resampler: ReturnType<typeof createResampler> | null = null;
          const write = async (samples: Float32Array) => {
            const pcm = Buffer.alloc(samples.length * 2);
            for (let index = 0; index < samples.length; index++) {
              const clipped = Math.max(-1, Math.min(1, samples[index]!));
              pcm.writeInt16LE(Math.round(clipped * 32_767), index * 2);
            }
            await file.write(pcm);
          };
          for await (const chunk of decodeAudio(request.audio, { preferredRate: RECOGNISER_RATE })) {
            request.signal.throwIfAborted();
            resampler ??= createResampler(chunk.sampleRate, RECOGNISER_RATE);
            await write(resampler.push(chunk.samples));
          }
          if (resampler) await write(resampler.flush());
        } finally {
          await file.close();
        }
        const { stdout } = await run(
          options.command,
          ['-infile', rawPath, '-samprate', String(RECOGNISER_RATE), '-time', 'yes', '-logfn', '/dev/null'],
          { signal: request.signal, maxBuffer: 64 * 1024 * 1024 },
        );
        return transcriptFromUtterances(parsePocketsphinxOutput(stdout), request.durationSeconds);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
