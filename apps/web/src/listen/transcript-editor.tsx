import { useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Transcription, TranscriptionState } from '@vocal/settings-model';
import { TextAreaField } from '@vocal/ui-kit';
import { SaveCancelRow } from './save-cancel-row.tsx';

/**
 * Edit transcript: one field per sentence, in the stored order (segment by segment, which is
 * the order PUT transcription/{id} expects). Only the words change; each sentence keeps its
 * timing, so the read-along goes on following the audio.
 */
export function TranscriptEditor({
  api,
  recordingId,
  transcription,
  onSaved,
  onCancel,
}: {
  api: ApiClient;
  recordingId: string;
  transcription: Transcription;
  onSaved(state: TranscriptionState): void;
  onCancel(): void;
}) {
  const [texts, setTexts] = useState(() => transcription.flatMap((segment) => segment.sentences.map((sentence) => sentence.text)));
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    if (texts.some((text) => !text.trim())) return setError('Every sentence needs some words. Shorten a sentence rather than empty it.');
    const result = await api.editTranscript(recordingId, { sentences: texts });
    if (!result.ok) return setError(result.error.msg);
    onSaved(result.data);
  };

  return (
    <form
      className="transcript-editor"
      aria-label="Edit transcript"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <ol className="transcript-editor__list">
        {texts.map((text, index) => (
          <li key={index}>
            <TextAreaField
              label={`Sentence ${index + 1}`}
              rows={2}
              value={text}
              maxLength={2000}
              autoFocus={index === 0}
              onChange={(event) => setTexts((list) => list.map((item, at) => (at === index ? event.target.value : item)))}
            />
          </li>
        ))}
      </ol>
      {error ? (
        <p className="transcript-editor__error" role="alert">
          {error}
        </p>
      ) : null}
      <SaveCancelRow saveLabel="Save transcript" onSave={save} onCancel={onCancel} />
    </form>
  );
}
