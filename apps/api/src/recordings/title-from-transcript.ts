import { transcriptSentences, type RecordingOrigin, type Transcription } from '@vocal/settings-model';
import type { TranscriptResult } from '../transcription/transcriber.ts';

/** A title made from a transcript is at most this many words and characters (ellipsis included). */
export const TRANSCRIPT_TITLE = { maxWords: 8, maxChars: 60 } as const;

// Punctuation and spaces a title should not end on ("Hi Anna," reads like a broken title).
const TRAILING = /[\s\p{P}\p{S}]+$/u;

/**
 * A message's title from the first words of its transcript, for messages whose owner gave
 * none: up to 8 words, cut at a word boundary, without trailing punctuation, at most 60
 * characters, and an ellipsis when words were left out. Null when the transcript has no words.
 */
export function titleFromTranscript(transcription: Transcription | null): string | null {
  if (!transcription) return null;
  const words = transcriptSentences(transcription)
    .map((sentence) => sentence.text)
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return null;

  const budget = TRANSCRIPT_TITLE.maxChars - 1; // room for the ellipsis, in case one is needed
  const taken: string[] = [];
  for (const word of words.slice(0, TRANSCRIPT_TITLE.maxWords)) {
    const next = [...taken, word].join(' ');
    if (next.length > budget) break;
    taken.push(word);
  }
  // One word longer than the whole budget (a pasted link, say): its start is better than nothing.
  const text = taken.length > 0 ? taken.join(' ') : words[0]!.slice(0, budget);
  const cut = taken.length < words.length;
  const title = text.replace(TRAILING, '');
  if (title === '') return null;
  return cut ? `${title}…` : title;
}

/**
 * How sure the engine must be of the words (0 to 1) for them to become a title. Measured on
 * Debian's samples with pocketsphinx: clear speech ("go forward ten meters") 0.76, read prose it
 * gets two words in three right 0.61 to 0.66, synthetic speech it mishears 0.2. Whisper's
 * e^avg_logprob is about 0.9 for clear speech and falls under 0.6 when it guesses.
 */
export const TRANSCRIPT_TITLE_MIN_CONFIDENCE = 0.7;

/**
 * The title a finished transcript gives a message without one, or null to keep the date title
 * (issue 27, item 6). Only for messages others sent (a visitor's, a reply, a contact form's):
 * the owner's own were titled in review, where the date title was shown, and a title changed
 * behind their back is a surprise. And only when the engine was sure of the words, or a
 * misheard sentence becomes the message's public headline.
 */
export function titleFromHeardWords(origin: RecordingOrigin, heard: TranscriptResult): string | null {
  if (origin === 'owner') return null;
  if (heard.confidence === null || heard.confidence < TRANSCRIPT_TITLE_MIN_CONFIDENCE) return null;
  return titleFromTranscript(heard.transcription);
}
