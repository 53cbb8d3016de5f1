import { describe, expect, it } from 'vitest';
import type { Transcription } from '@vocal/settings-model';
import { TRANSCRIPT_TITLE_MIN_CONFIDENCE, titleFromHeardWords, titleFromTranscript } from './title-from-transcript.ts';

/** A transcript of one segment per text, one second per sentence. */
const transcript = (...sentences: string[]): Transcription => [
  {
    start: 0,
    end: sentences.length,
    num_words: 0,
    sentences: sentences.map((text, index) => ({ text, start: index, end: index + 1 })),
  },
];

describe('titleFromTranscript', () => {
  it('keeps a short transcript whole, without its closing punctuation', () => {
    expect(titleFromTranscript(transcript('Hi Anna, quick update.'))).toBe('Hi Anna, quick update');
    expect(titleFromTranscript(transcript('Call me?'))).toBe('Call me');
  });

  it('takes the first eight words across sentences, with an ellipsis when more follow', () => {
    expect(titleFromTranscript(transcript('Good morning team.', 'The launch moved to Thursday next week.'))).toBe(
      'Good morning team. The launch moved to Thursday…',
    );
  });

  it('stops at a word boundary within 60 characters, ellipsis included', () => {
    const title = titleFromTranscript(
      transcript('Internationalisation considerations notwithstanding, telecommunications infrastructure modernisation continues apace.'),
    )!;
    expect(title).toBe('Internationalisation considerations notwithstanding…');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('cuts a single word longer than a title', () => {
    const title = titleFromTranscript(transcript(`https://example.com/${'a'.repeat(80)}`))!;
    expect(title.length).toBe(60);
    expect(title.endsWith('…')).toBe(true);
  });

  it('gives no title for no words', () => {
    expect(titleFromTranscript(null)).toBeNull();
    expect(titleFromTranscript([])).toBeNull();
    expect(titleFromTranscript(transcript('  ', '...'))).toBeNull();
  });
});

describe('titleFromHeardWords', () => {
  const heard = (confidence: number | null) => ({ transcription: transcript('Hi Anna, quick update.'), confidence });

  it("titles others' messages from words the engine was sure of", () => {
    for (const origin of ['reply', 'contact-form', 'collect'] as const) {
      expect(titleFromHeardWords(origin, heard(0.9)), origin).toBe('Hi Anna, quick update');
      expect(titleFromHeardWords(origin, heard(TRANSCRIPT_TITLE_MIN_CONFIDENCE)), origin).toBe('Hi Anna, quick update');
    }
  });

  it('keeps the date title when the engine was unsure or did not say', () => {
    expect(titleFromHeardWords('reply', heard(0.61))).toBeNull();
    expect(titleFromHeardWords('contact-form', heard(null))).toBeNull();
  });

  it("never retitles the owner's own message, whose review showed the date title", () => {
    expect(titleFromHeardWords('owner', heard(0.99))).toBeNull();
  });
});
