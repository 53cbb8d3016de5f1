import { createReadStream } from 'node:fs';
import { RECOGNISER_RATE } from '../media/pcm16k.ts';
import type { TimedWord } from './sentences.ts';

/** A stretch of the recording where someone is speaking, in seconds. */
export type SpeechSpan = { start: number; end: number };

/** Loudness is measured over frames this long: short enough to find the gap between two sentences. */
const FRAME_SECONDS = 0.03;
/** A frame this far above the recording's quiet floor is speech... */
const ABOVE_FLOOR_DB = 12;
/** ...and never one quieter than this, however quiet the floor (digital silence is -inf). */
const QUIETEST_SPEECH_DB = -50;
/** Pauses shorter than this are breaths inside a phrase, not gaps between phrases. */
const BRIDGED_PAUSE_SECONDS = 0.3;
/** Bursts shorter than this are clicks, not speech. */
const SHORTEST_SPEECH_SECONDS = 0.12;

const decibels = (meanSquare: number) => (meanSquare > 0 ? 10 * Math.log10(meanSquare) : -Infinity);

/** The loudness (dBFS) of each frame of 16 kHz mono signed 16-bit PCM, read from a file a chunk at a time. */
export async function frameLevels(pcmPath: string): Promise<number[]> {
  const frameSamples = Math.round(FRAME_SECONDS * RECOGNISER_RATE);
  const levels: number[] = [];
  let sum = 0;
  let count = 0;
  let carry: Buffer | null = null;
  for await (const piece of createReadStream(pcmPath)) {
    let chunk = piece as Buffer;
    if (carry) {
      chunk = Buffer.concat([carry, chunk]);
      carry = null;
    }
    const whole = chunk.length - (chunk.length % 2);
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = chunk.readInt16LE(offset) / 32_768;
      sum += sample * sample;
      if (++count === frameSamples) {
        levels.push(decibels(sum / count));
        sum = 0;
        count = 0;
      }
    }
    if (whole < chunk.length) carry = chunk.subarray(whole);
  }
  if (count > frameSamples / 2) levels.push(decibels(sum / count));
  return levels;
}

/**
 * Where speech is, from frame loudness: frames well above the recording's own quiet floor (its
 * 10th percentile), with short pauses bridged and short bursts dropped. Empty when nothing
 * stands out (silence, or noise all the way through).
 */
export function speechSpans(levels: number[]): SpeechSpan[] {
  const finite = levels.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return [];
  const floor = levels.some((level) => !Number.isFinite(level)) ? -Infinity : finite[Math.floor(finite.length * 0.1)]!;
  const threshold = Math.max(floor + ABOVE_FLOOR_DB, QUIETEST_SPEECH_DB);
  const spans: SpeechSpan[] = [];
  levels.forEach((level, index) => {
    if (level < threshold) return;
    const start = index * FRAME_SECONDS;
    const end = start + FRAME_SECONDS;
    const last = spans.at(-1);
    if (last && start - last.end <= BRIDGED_PAUSE_SECONDS) last.end = end;
    else spans.push({ start, end });
  });
  const kept = spans.filter((span) => span.end - span.start >= SHORTEST_SPEECH_SECONDS);
  // Speech everywhere says nothing about where the words are: the caller falls back.
  const total = levels.length * FRAME_SECONDS;
  const spoken = kept.reduce((sum, span) => sum + span.end - span.start, 0);
  return spoken >= total * 0.98 ? [] : kept.map((span) => ({ start: round(span.start), end: round(span.end) }));
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const letters = (text: string) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length;

/**
 * Times the words of a transcript that came without timings: each word takes a share of the
 * speaking time in proportion to its letters, laid along the spans one after another, and
 * belongs to the span its middle falls in, so the pauses between spans fall between words.
 * With no spans, the words spread over the whole recording (proportional timing, the last resort).
 */
export function wordsOverSpans(text: string, spans: SpeechSpan[], durationSeconds: number): TimedWord[] {
  const tokens = text.split(/\s+/).filter((token) => letters(token) > 0);
  const usable = spans.length > 0 ? spans : [{ start: 0, end: durationSeconds }];
  const speaking = usable.reduce((sum, span) => sum + span.end - span.start, 0);
  const totalLetters = tokens.reduce((sum, token) => sum + letters(token), 0);
  /** Where `spoken` seconds of speech have gone by: the span it falls in, and the time in the recording. */
  const place = (spoken: number) => {
    let left = spoken;
    for (const span of usable) {
      const length = span.end - span.start;
      if (left <= length) return { span, at: span.start + left };
      left -= length;
    }
    const last = usable.at(-1)!;
    return { span: last, at: last.end };
  };
  const words: TimedWord[] = [];
  let spoken = 0;
  for (const token of tokens) {
    const length = (speaking * letters(token)) / Math.max(1, totalLetters);
    const { span } = place(spoken + length / 2);
    const start = Math.max(place(spoken).at, span.start);
    const end = Math.min(place(spoken + length).at, span.end);
    words.push({ word: token, start: round(Math.min(start, end)), end: round(end) });
    spoken += length;
  }
  return words;
}
