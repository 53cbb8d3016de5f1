import { describe, expect, it } from 'vitest';
import { transcriptionSchema } from '@vocal/settings-model';
import { transcriptFromVerboseJson, verboseJsonConfidence } from './openai-transcriber.ts';
import { parsePocketsphinxOutput, pocketsphinxConfidence } from './pocketsphinx-transcriber.ts';
import { splitSentences, transcriptFromUtterances } from './sentences.ts';

const POCKETSPHINX_OUTPUT = `go forward ten meters
<s> 0.000 0.240 1.000000
<sil> 0.250 0.450 0.706282
go 0.460 0.630 0.997303
forward 0.640 1.160 0.996207
[NOISE] 1.160 1.170 0.5
ten 1.170 1.520 0.243981
meters 1.530 2.110 0.806360
</s> 2.120 2.600 1.000000
he was not an illness
<s> 3.000 3.060 0.999500
he 3.210 3.320 0.998701
was(2) 3.330 3.540 0.999800
++BREATH++ 3.540 3.600 0.5
<sil> 3.600 4.100 0.694306
not 4.110 4.970 0.998701
i 4.980 5.100 0.9
</s> 5.100 5.300 1.000000
`;

describe('pocketsphinx output', () => {
  it('keeps words and their times, dropping markers, fillers and pronunciation numbers', () => {
    const utterances = parsePocketsphinxOutput(POCKETSPHINX_OUTPUT);
    expect(utterances.map((words) => words.map((word) => word.word))).toEqual([
      ['go', 'forward', 'ten', 'meters'],
      ['he', 'was', 'not', 'i'],
    ]);
    expect(utterances[0]![0]).toEqual({ word: 'go', start: 0.46, end: 0.63 });
  });

  it("is as sure as its words' mean posterior, markers and fillers left out; unsure of nothing heard", () => {
    const words = [0.997303, 0.996207, 0.243981, 0.80636, 0.998701, 0.9998, 0.998701, 0.9];
    expect(pocketsphinxConfidence(POCKETSPHINX_OUTPUT)).toBeCloseTo(words.reduce((sum, value) => sum + value) / words.length, 6);
    expect(pocketsphinxConfidence('\n<s> 0.000 0.240 1.000000\n<sil> 0.250 0.450 0.706282\n</s> 0.5 0.6 1.0\n')).toBeNull();
  });

  it('makes one segment per utterance and sentences at pauses, inside the audio', () => {
    const transcript = transcriptFromUtterances(parsePocketsphinxOutput(POCKETSPHINX_OUTPUT), 5);
    expect(transcriptionSchema.parse(transcript)).toEqual(transcript);
    expect(transcript).toEqual([
      { start: 0.46, end: 2.11, num_words: 4, sentences: [{ text: 'Go forward ten meters.', start: 0.46, end: 2.11 }] },
      {
        start: 3.21,
        end: 5,
        num_words: 4,
        sentences: [
          { text: 'He was.', start: 3.21, end: 3.54 },
          { text: 'Not I.', start: 4.11, end: 5 },
        ],
      },
    ]);
  });
});

describe('OpenAI verbose_json', () => {
  const answer = {
    task: 'transcribe',
    language: 'english',
    duration: 9.5,
    text: 'Go forward ten meters. Then turn left, and stop! Well-done.',
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0,
        end: 4.2,
        text: ' Go forward ten meters. Then turn',
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1,
        no_speech_prob: 0,
      },
      {
        id: 1,
        seek: 0,
        start: 4.2,
        end: 6.1,
        text: ' left, and stop!',
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1,
        no_speech_prob: 0,
      },
      {
        id: 2,
        seek: 0,
        start: 8.5,
        end: 9.6,
        text: ' Well-done.',
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1,
        no_speech_prob: 0,
      },
    ],
    words: [
      { word: 'Go', start: 0.5, end: 0.7 },
      { word: 'forward', start: 0.7, end: 1.2 },
      { word: 'ten', start: 1.2, end: 1.5 },
      { word: 'meters', start: 1.5, end: 2.1 },
      { word: 'Then', start: 3.0, end: 3.3 },
      { word: 'turn', start: 3.3, end: 4.2 },
      { word: 'left', start: 4.3, end: 4.7 },
      { word: 'and', start: 4.8, end: 5.0 },
      { word: 'stop', start: 5.0, end: 6.0 },
      { word: 'Well', start: 8.6, end: 8.9 },
      { word: 'done', start: 8.9, end: 9.6 },
    ],
  };

  it("is as sure as its segments' token probability and speech chance, by length; says nothing without avg_logprob", () => {
    const segment = (start: number, end: number, extra: Record<string, number>) => ({ start, end, text: ' Hello.', ...extra });
    const sure = verboseJsonConfidence({
      segments: [
        segment(0, 3, { avg_logprob: Math.log(0.9), no_speech_prob: 0 }),
        segment(3, 4, { avg_logprob: Math.log(0.5), no_speech_prob: 0.2 }),
      ],
    });
    expect(sure).toBeCloseTo((3 * 0.9 + 1 * 0.5 * 0.8) / 4, 6);
    expect(verboseJsonConfidence({ segments: [segment(0, 3, { avg_logprob: -0.1 }), segment(3, 4, {})] })).toBeNull();
    expect(verboseJsonConfidence({ text: 'Hello.', words: [{ word: 'Hello', start: 0, end: 1 }] })).toBeNull();
  });

  it('times each sentence by its words, even across segments, and groups at long pauses', () => {
    const transcript = transcriptFromVerboseJson(answer, 9.4);
    expect(transcriptionSchema.parse(transcript)).toEqual(transcript);
    expect(transcript).toEqual([
      {
        start: 0.5,
        end: 6,
        num_words: 9,
        sentences: [
          { text: 'Go forward ten meters.', start: 0.5, end: 2.1 },
          { text: 'Then turn left, and stop!', start: 3, end: 6 },
        ],
      },
      // The last word ends after the audio does: clamped inside it.
      { start: 8.6, end: 9.4, num_words: 1, sentences: [{ text: 'Well-done.', start: 8.6, end: 9.4 }] },
    ]);
  });

  it('spreads sentences over their segment when the server gives no word times', () => {
    const transcript = transcriptFromVerboseJson({ ...answer, words: undefined }, 10);
    const sentences = transcript!.flatMap((segment) => segment.sentences);
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Go forward ten meters.', 'Then turn left, and stop!', 'Well-done.']);
    expect(sentences[0]!.start).toBe(0);
    expect(sentences[1]!.end).toBeCloseTo(6.1, 5);
    expect(sentences[2]).toMatchObject({ start: 8.5, end: 9.6 });
  });

  it('leaves an answer without any timing to be timed from the audio', () => {
    expect(transcriptFromVerboseJson({ text: 'Hello there. Bye.' }, 4)).toBeNull();
  });

  it("reads whisper.cpp's verbose_json, whose word timings are inside each segment", () => {
    const transcript = transcriptFromVerboseJson(
      {
        text: ' Go forward. Stop.',
        segments: [
          {
            start: 0.5,
            end: 1.6,
            text: ' Go forward.',
            words: [
              { word: ' Go', start: 0.5, end: 0.8 },
              { word: ' forward.', start: 0.8, end: 1.6 },
            ],
          },
          { start: 4.2, end: 4.9, text: ' Stop.', words: [{ word: ' Stop.', start: 4.2, end: 4.9 }] },
        ],
      },
      6,
    );
    expect(transcript).toHaveLength(2);
    expect(transcript![1]!.sentences[0]).toEqual({ text: 'Stop.', start: 4.2, end: 4.9 });
  });

  it('splits sentences at terminal punctuation only', () => {
    expect(splitSentences(' Smith said hi, twice. "Really?" she asked.  Yes… ')).toEqual([
      'Smith said hi, twice.',
      '"Really?"',
      'she asked.',
      'Yes…',
    ]);
  });
});
