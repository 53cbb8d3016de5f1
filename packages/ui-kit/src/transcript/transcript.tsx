import './transcript.css';
import { useEffect, useMemo, useRef } from 'react';
import { sentenceAt, transcriptSentences, type Transcription } from '@vocal/settings-model';
import { formatDuration } from '../format/format-duration.ts';

export type TranscriptProps = {
  transcription: Transcription;
  /** The playback position, in seconds. */
  currentTime: number;
  /** Called with a sentence's start when the listener chooses it. */
  onSeek(seconds: number): void;
  title?: string;
};

/**
 * The read-along transcript: every sentence a button that seeks to it, the one being spoken
 * highlighted and kept in view (without scrolling the page out from under a reader).
 */
export function Transcript({ transcription, currentTime, onSeek, title = 'Transcript' }: TranscriptProps) {
  const sentences = useMemo(() => transcriptSentences(transcription), [transcription]);
  const current = sentenceAt(sentences, currentTime);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const container = list.current;
    const active = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !active) return;
    const top = active.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top + active.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTo({ top: Math.max(0, top - container.clientHeight / 3), behavior: 'smooth' });
    }
  }, [current]);

  if (sentences.length === 0) return null;
  return (
    <section className="vk-transcript" aria-label={title}>
      <h2 className="vk-transcript__title">{title}</h2>
      <ol className="vk-transcript__list" ref={list}>
        {sentences.map((sentence, index) => (
          <li key={`${sentence.start}-${index}`}>
            <button
              type="button"
              className="vk-transcript__sentence"
              aria-current={index === current ? 'true' : undefined}
              aria-label={`${sentence.text} (at ${formatDuration(sentence.start)})`}
              onClick={() => onSeek(sentence.start)}
            >
              {sentence.text}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
