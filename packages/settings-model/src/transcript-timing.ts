import type { Sentence, Transcription } from './transcription.ts';

/*
 * Read-along helpers, apart from the schemas: the listen page imports them without zod.
 */

/** All sentences in playback order, for the read-along transcript. */
export function transcriptSentences(transcription: Transcription): Sentence[] {
  return transcription.flatMap((segment) => segment.sentences).toSorted((left, right) => left.start - right.start);
}

/**
 * The index of the sentence being spoken at `time` seconds. Between two sentences the one
 * just finished stays lit, so the highlight does not flicker off in every pause; before the
 * first sentence nothing is lit (-1).
 */
export function sentenceAt(sentences: readonly Sentence[], time: number): number {
  let current = -1;
  for (let index = 0; index < sentences.length; index++) {
    if (sentences[index]!.start <= time) current = index;
    else break;
  }
  return current;
}
