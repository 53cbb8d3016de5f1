import { useCallback, useEffect, useRef, useState } from 'react';
import type { Recorder, RecorderApi, RecorderState } from '@vocal/recorder-core';
import { expiryFor, type EditRecording, type ExpiryChoice } from '@vocal/settings-model';
import { dateTitle } from './review-text.ts';

type ReviewOptions = {
  api: RecorderApi;
  recorder: Recorder | null;
  state: RecorderState;
  /** The message's subject (the prop, else the host's). */
  subject: string | null;
  /** The skip-review setting: Stop hands out the link at once. */
  confirmOnStop: boolean;
};

/** Resolves once the upload that started at Stop has settled: shared, failed, or discarded. */
function settledUpload(recorder: Recorder): Promise<RecorderState> {
  const settled = (state: RecorderState) => state.status === 'shared' || state.status === 'failed' || state.status === 'idle';
  return new Promise((resolve) => {
    const now = recorder.getState();
    if (settled(now)) return resolve(now);
    const unsubscribe = recorder.subscribe((next) => {
      if (!settled(next)) return;
      unsubscribe();
      resolve(next);
    });
  });
}

/**
 * The review step's own state: whether the person confirmed the take, its title and when its
 * link expires (owners only: the api can edit), and whether the plan's limit cut it. Both are
 * saved on the server before the link is handed out, so the link never shows an old name.
 * A day to expire on is picked later, in the inbox's menu.
 */
export function useReview({ api, recorder, state, subject, confirmOnStop }: ReviewOptions) {
  const [confirmed, setConfirmed] = useState(false);
  const [title, setTitle] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  // What the server already has as the subject (sent with the upload), so an unchanged title costs no call.
  const savedTitle = useRef('');
  const [takenAt, setTakenAt] = useState(() => new Date());
  const [cutAtLimit, setCutAtLimit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editRecording = api.editRecording;

  /** A new take: the title starts as the subject of this moment (the host's may have changed). */
  const begin = useCallback((startSubject: string | null, options: { confirmed?: boolean } = {}) => {
    setConfirmed(options.confirmed ?? false);
    setTitle(startSubject ?? '');
    setExpiry('never');
    savedTitle.current = startSubject ?? '';
    setTakenAt(new Date());
    setCutAtLimit(false);
    setError(null);
  }, []);

  // From the recorder itself, not from a render: an upload that starts at Stop (record-flow.tsx)
  // moves the state on to uploading before React has drawn the stopped one.
  useEffect(() => {
    if (!recorder) return;
    const notice = (next: RecorderState) => {
      if (next.status === 'stopped' && next.endedBy === 'limit') setCutAtLimit(true);
    };
    notice(recorder.getState());
    return recorder.subscribe(notice);
  }, [recorder]);

  const stopped = state.status === 'stopped' || state.status === 'uploading' || state.status === 'shared';
  const isConfirmed = confirmed || confirmOnStop;

  const send = async () => {
    if (!recorder) return;
    setError(null);
    // A visitor's take waits for this press to go up (see uploadsAtStop).
    if (recorder.getState().status === 'stopped') void recorder.upload();
    const settled = await settledUpload(recorder);
    // A failed upload shows the failure step, which retries; a discard left the flow.
    if (settled.status !== 'shared') return;
    const wanted = title.trim();
    const edit: EditRecording = {};
    if (wanted !== savedTitle.current.trim()) edit.subject = wanted || null;
    // Counted from this press, when the link is handed out. (Never is what a new message has.)
    const expires = expiryFor(expiry, '', new Date());
    if (expires.ok && expires.expiryDate) edit.expiryDate = expires.expiryDate;
    if (editRecording && Object.keys(edit).length > 0) {
      const result = await editRecording(settled.share.id, edit);
      if (!result.ok) {
        const what = edit.subject === undefined ? 'The expiry' : edit.expiryDate === undefined ? 'The title' : 'The title and expiry';
        setError(`${what} could not be saved: ${result.error.msg || 'please try again'}.`);
        return;
      }
      savedTitle.current = wanted;
    }
    setConfirmed(true);
  };

  return {
    begin,
    send,
    confirmed: isConfirmed,
    /** Owners' takes upload at Stop; they can be deleted again if the person discards them. */
    uploadsAtStop: typeof api.deleteRecording === 'function',
    reviewing: !isConfirmed && recorder !== null && stopped,
    cutAtLimit,
    error,
    /** The subject the host receives: the typed title for owners, else the message's subject. */
    shareSubject: editRecording ? title.trim() || null : subject,
    titleField: editRecording ? { value: title, placeholder: dateTitle(takenAt), onChange: setTitle } : null,
    expiryField: editRecording ? { value: expiry, onChange: setExpiry } : null,
  };
}
