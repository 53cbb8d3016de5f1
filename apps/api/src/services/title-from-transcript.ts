import { transcriptSentences, type Transcription } from '@vocal/settings-model';

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
