import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaPool } from '../media/media-pool.ts';
import type { ProcessScratch } from '../processes/process-scratch.ts';
import { runInOwnGroup } from '../processes/run-in-group.ts';
import { RECOGNISER_RATE } from '../media/pcm16k.ts';
import { transcriptFromUtterances, type TimedWord } from './sentences.ts';
import type { Transcriber } from './transcriber.ts';

/** Markers that are not words: sentence bounds, silence, fillers such as [NOISE] or ++UM++. */
const NOT_A_WORD = /^(?:<s>|<\/s>|<sil>|<unk>|\[[^\]]*\]|\+\+.*\+\+)$/i;

/** One "token start end posterior" line of `-time yes` output; anything else (the hypothesis line, log noise) is not. */
type TimeLine = { token: string; start: number; end: number; posterior: number };

function* timeLines(output: string): Generator<TimeLine> {
  for (const line of output.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4 || !fields.slice(1).every((field) => /^-?\d+(?:\.\d+)?$/.test(field))) continue;
    const [token, start, end, posterior] = fields as [string, string, string, string];
    yield { token, start: Number(start), end: Number(end), posterior: Number(posterior) };
  }
}

/**
 * Parses `pocketsphinx_continuous -time yes` output: for each utterance a hypothesis line,
 * then one "word start end confidence" line per word, bounded by <s> and </s>. Alternate
 * pronunciations are marked word(2); the marker is dropped.
 */
export function parsePocketsphinxOutput(output: string): TimedWord[][] {
  const utterances: TimedWord[][] = [];
  let current: TimedWord[] | null = null;
  for (const { token, start, end } of timeLines(output)) {
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
    if (word) current.push({ word, start, end });
  }
  if (current?.length) utterances.push(current);
  return utterances;
}

/**
 * The engine's confidence in what it heard: the mean of its per-word posterior probabilities
 * (the last column of `-time yes`), over words only. Null when it heard no words.
 */
export function pocketsphinxConfidence(output: string): number | null {
  const posteriors = [...timeLines(output)].filter((line) => !NOT_A_WORD.test(line.token)).map((line) => line.posterior);
  return posteriors.length ? posteriors.reduce((sum, value) => sum + value, 0) / posteriors.length : null;
}

/**
 * The offline engine: decodes the recording and resamples it to 16 kHz mono 16-bit PCM in a
 * temporary file (on the media pool, off the event loop), and runs Debian's
 * pocketsphinx_continuous on it.
 */
export function createPocketsphinxTranscriber(options: {
  command: string;
  media: Pick<MediaPool, 'decodeToPcm16kFile'>;
  /** Where temporary folders and the child's id are kept, so a crash leaves neither behind. */
  scratch?: ProcessScratch;
}): Transcriber {
  return {
    name: 'local',
    async transcribe(request) {
      const folder = options.scratch
        ? await options.scratch.temporaryFolder('transcribe')
        : await mkdtemp(join(tmpdir(), 'vocal-transcribe-'));
      const rawPath = join(folder, 'speech.raw');
      try {
        await options.media.decodeToPcm16kFile(request.audio, rawPath, request.signal);
        const stdout = await runInOwnGroup(
          options.command,
          ['-infile', rawPath, '-samprate', String(RECOGNISER_RATE), '-time', 'yes', '-logfn', '/dev/null'],
          { signal: request.signal, scratch: options.scratch },
        );
        return {
          transcription: transcriptFromUtterances(parsePocketsphinxOutput(stdout), request.durationSeconds),
          confidence: pocketsphinxConfidence(stdout),
        };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
