import type { Segment, Sentence, Transcription } from '@vocal/settings-model';

/** A recognised word and when it was spoken, in seconds. */
export type TimedWord = { word: string; start: number; end: number };

/** A pause this long ends a sentence when the engine gives no punctuation. */
export const SENTENCE_PAUSE_SECONDS = 0.3;
/** A pause this long between sentences starts a new segment (block). */
export const SEGMENT_PAUSE_SECONDS = 1.5;
/** Blocks longer than this many sentences are split, so the page reads in short paragraphs. */
const MAX_SENTENCES_PER_SEGMENT = 6;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Keeps a timing inside the audio and its end after its start. */
function clamp(start: number, end: number, duration: number) {
  const safeStart = round(Math.min(Math.max(0, start), duration));
  return { start: safeStart, end: round(Math.min(Math.max(safeStart, end), duration)) };
}

const wordCount = (text: string) => text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

/** Sentences grouped into segments at long pauses. */
export function groupIntoSegments(sentences: Sentence[], durationSeconds: number): Transcription {
  const segments: Segment[] = [];
  let current: Sentence[] = [];
  const close = () => {
    if (current.length === 0) return;
    const timing = clamp(current[0]!.start, current.at(-1)!.end, durationSeconds);
    segments.push({
      ...timing,
      num_words: current.reduce((total, sentence) => total + wordCount(sentence.text), 0),
      sentences: current,
    });
    current = [];
  };
  for (const sentence of sentences) {
    const previous = current.at(-1);
    if (previous && (sentence.start - previous.end > SEGMENT_PAUSE_SECONDS || current.length >= MAX_SENTENCES_PER_SEGMENT)) {
      close();
    }
    current.push({ text: sentence.text, ...clamp(sentence.start, sentence.end, durationSeconds) });
  }
  close();
  return segments;
}

/** "go forward ten meters" becomes "Go forward ten meters." */
function asSentence(words: string[]): string {
  const text = words.map((word) => (word === 'i' ? 'I' : word)).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Sentences from an engine that gives words and times but no punctuation (pocketsphinx):
 * each utterance is a segment, split into sentences wherever the speaker paused.
 */
export function transcriptFromUtterances(utterances: TimedWord[][], durationSeconds: number): Transcription {
  const segments: Segment[] = [];
  for (const words of utterances) {
    if (words.length === 0) continue;
    const sentences: Sentence[] = [];
    let run: TimedWord[] = [];
    const close = () => {
      if (run.length === 0) return;
      sentences.push({
        text: asSentence(run.map((word) => word.word)),
        ...clamp(run[0]!.start, run.at(-1)!.end, durationSeconds),
      });
      run = [];
    };
    for (const word of words) {
      const previous = run.at(-1);
      if (previous && word.start - previous.end >= SENTENCE_PAUSE_SECONDS) close();
      run.push(word);
    }
    close();
    segments.push({
      ...clamp(sentences[0]!.start, sentences.at(-1)!.end, durationSeconds),
      num_words: words.length,
      sentences,
    });
  }
  return segments;
}

const letters = (text: string) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** Splits punctuated text into sentences at . ! ? (and their CJK forms) followed by a space. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?…。！？]["')\]]?)\s+/u)
    .filter((sentence) => letters(sentence) > 0);
}

/**
 * Times punctuated sentences by walking the timed words alongside them, matching on letters
 * and digits only, so differences in punctuation, hyphens or spacing between the text and
 * the word list do not shift the timings.
 */
export function timeSentences(sentences: string[], words: TimedWord[], durationSeconds: number): Sentence[] {
  const timed: Sentence[] = [];
  let index = 0;
  let lastEnd = 0;
  for (const text of sentences) {
    const needed = letters(text);
    let consumed = 0;
    let start: number | null = null;
    let end = lastEnd;
    while (index < words.length && (consumed < needed || start === null)) {
      const word = words[index]!;
      start ??= word.start;
      end = word.end;
      consumed += letters(word.word);
      index++;
      if (consumed >= needed) break;
    }
    const timing = clamp(start ?? lastEnd, end, durationSeconds);
    timed.push({ text, ...timing });
    lastEnd = timing.end;
  }
  return timed;
}

/** Spreads a segment's words over its time in proportion to their length, when no word times exist. */
export function wordsFromSegments(segments: { start: number; end: number; text: string }[]): TimedWord[] {
  const words: TimedWord[] = [];
  for (const segment of segments) {
    const tokens = segment.text.split(/\s+/).filter((token) => letters(token) > 0);
    const total = tokens.reduce((sum, token) => sum + letters(token), 0);
    let at = segment.start;
    for (const token of tokens) {
      const length = ((segment.end - segment.start) * letters(token)) / Math.max(1, total);
      words.push({ word: token, start: at, end: at + length });
      at += length;
    }
  }
  return words;
}
