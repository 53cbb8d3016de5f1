import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AnswerRequest, AnswerResponse } from '@vocal/settings-model';
import { Button, CopyLinkField, Dialog, formatDuration, Spinner, TextAreaField } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import { AnswerByVoice } from './answer-by-voice.tsx';
import { answerTargetOf, type Answerable } from './answer-target.ts';

type Step =
  | { step: 'answering' }
  | { step: 'sending' }
  | { step: 'failed'; msg: string; request: AnswerRequest }
  | { step: 'done'; response: AnswerResponse };

type Mode = 'voice' | 'text';

/**
 * Answer what someone sent, by voice or in writing (decision 0065). Before anything is sent it
 * says whether and how the sender will hear of it; a voice answer is the record flow's message,
 * linked once the owner presses Send answer. Both ways stay mounted while the dialog is open,
 * so switching never loses a take or a half-written answer.
 */
export function AnswerDialog({
  entry,
  onClose,
  onAnswered,
}: {
  entry: Answerable;
  onClose(): void;
  onAnswered(response: AnswerResponse): void;
}) {
  const target = useMemo(() => answerTargetOf(entry), [entry]);
  const [mode, setMode] = useState<Mode>(target.voiceFirst ? 'voice' : 'text');
  const [text, setText] = useState('');
  const [state, setState] = useState<Step>({ step: 'answering' });
  const [recordingStarted, setRecordingStarted] = useState(false);
  const chosenMode = useRef<HTMLInputElement>(null);
  const modeName = useId();
  const tellingId = useId();

  const send = async (request: AnswerRequest) => {
    setState({ step: 'sending' });
    const result = await webApi().answer(request);
    if (result.ok) {
      setState({ step: 'done', response: result.data });
      onAnswered(result.data);
    } else {
      setState({ step: 'failed', msg: result.error.msg.replace(/^text: /, ''), request });
    }
  };

  const sendText = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setState({ step: 'failed', msg: 'Write your answer first', request: { ...target.names, text } });
      return;
    }
    void send({ ...target.names, text });
  };

  // A take under way (or recorded and not yet sent) is not left behind by a stray Escape without asking.
  const close = () => {
    if (recordingStarted && state.step !== 'done' && !window.confirm('Close without sending your answer?')) return;
    onClose();
  };

  const done = state.step === 'done' ? state.response : null;
  const failed = state.step === 'failed' ? state : null;
  const sending = state.step === 'sending';
  const voiceAnswerFailed = failed && failed.request.recordingId !== undefined;

  return (
    <Dialog
      open
      onClose={close}
      title={target.title}
      className="answer-dialog"
      initialFocusRef={done ? undefined : chosenMode}
      closeOnBackdropClick={false}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        )
      }
    >
      {done ? (
        <div className="answer-dialog__done" role="status">
          <p>
            <strong>Your answer was sent.</strong> {target.told}
          </p>
          {done.url ? <CopyLinkField url={done.url} label="Link to your answer" /> : null}
        </div>
      ) : (
        <>
          <p id={tellingId} className={`answer-dialog__telling${target.canTell ? '' : ' answer-dialog__telling--nobody'}`}>
            {target.telling}
          </p>
          {target.words !== null ? (
            <blockquote className="answer-dialog__quote">{target.words}</blockquote>
          ) : entry.kind === 'message' ? (
            <p className="answer-dialog__quote answer-dialog__quote--voice">
              {target.who ?? 'They'} sent a voice message of {formatDuration(entry.duration)}.
            </p>
          ) : null}
          <fieldset className="answer-dialog__modes" aria-describedby={tellingId}>
            <legend className="vk-visually-hidden">How to answer</legend>
            {(['voice', 'text'] as const).map((each) => (
              <label key={each} className="answer-dialog__mode">
                <input
                  ref={mode === each ? chosenMode : undefined}
                  type="radio"
                  name={modeName}
                  value={each}
                  checked={mode === each}
                  onChange={() => setMode(each)}
                />
                <span>{each === 'voice' ? 'By voice' : 'In writing'}</span>
              </label>
            ))}
          </fieldset>

          <div className="answer-dialog__way" hidden={mode !== 'voice'}>
            {voiceAnswerFailed ? (
              <div className="answer-dialog__problem" role="alert">
                <p>Your recording is saved, but the answer was not sent: {failed.msg}</p>
                <Button variant="secondary" onClick={() => void send(failed.request)}>
                  Try again
                </Button>
              </div>
            ) : sending && mode === 'voice' ? (
              <Spinner label="Sending your answer" />
            ) : null}
            <div hidden={Boolean(voiceAnswerFailed) || (sending && mode === 'voice')}>
              <AnswerByVoice
                subject={target.subject}
                onStarted={() => setRecordingStarted(true)}
                onRecorded={(recordingId) => void send({ ...target.names, recordingId })}
              />
            </div>
          </div>

          <form className="answer-dialog__way answer-dialog__form" hidden={mode !== 'text'} noValidate onSubmit={sendText}>
            <TextAreaField
              label="Your answer"
              rows={5}
              maxLength={5000}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (failed && !voiceAnswerFailed) setState({ step: 'answering' });
              }}
              error={failed && !voiceAnswerFailed ? failed.msg : undefined}
            />
            <Button type="submit" loading={sending && mode === 'text'} loadingLabel="Sending…">
              Send answer
            </Button>
          </form>
        </>
      )}
    </Dialog>
  );
}
