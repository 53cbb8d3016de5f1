import './record-flow.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasCapability, type HostAdapter, type HostContext, type InsertOutcome, type Share } from '@vocal/host-contract';
import {
  createRecorder as createBrowserRecorder,
  discardPendingRecording,
  listPendingRecordings,
  pendingRecordingAudio,
  recordingPlanFor,
  resumePendingRecording,
  warmRecorderAssets,
  type CreateRecorderOptions,
  type PendingRecording,
  type Recorder,
  type RecorderState,
  type RecordingPlan,
} from '@vocal/recorder-core';
import type { ConversationKey, Personalisation } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';
import { MicrophoneControls } from '../microphone/microphone-controls.tsx';
import { attachmentFileName, buildShare } from './build-share.ts';
import { FailureStep } from './failure-step.tsx';
import { IdleStep } from './idle-step.tsx';
import { PendingRecordingsBanner, type PendingAudio } from './pending-recordings-banner.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';
import { RecordingStep } from './recording-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { limitNotice } from './review-text.ts';
import { useReview } from './use-review.ts';
import { usePendingDiscard } from './use-pending-discard.ts';
import { DiscardUndoToast } from './discard-undo-toast.tsx';
import { SendingStep } from './sending-step.tsx';
import { SharedStep, type Finished } from './shared-step.tsx';
import { useRecorder } from './use-recorder.ts';

/** What the flow needs of the pending-recordings store; the browser's spool by default. */
export type PendingRecordings = {
  list(): Promise<PendingRecording[]>;
  resume(localId: string, options: CreateRecorderOptions): Promise<Recorder | null>;
  discard(localId: string): Promise<void>;
  /** A pending recording's audio, for the recovery offer's player. */
  audio?(localId: string): Promise<PendingAudio | null>;
};

export type RecordFlowProps = {
  host: HostAdapter;
  api: CreateRecorderOptions['api'];
  /** The user's plan number: Free records a minute and cannot pause. */
  plan: number;
  /** Replaces the plan's recording rules, e.g. a visitor's cap on a public page. */
  recordingPlan?: RecordingPlan;
  /**
   * The user's settings, as hosts load them (GET /personalisation): the signature and its theme
   * (among `themes`) shape what is inserted, the attachment and recorder groups the flow.
   */
  settings?: Pick<Personalisation, 'signature' | 'themes' | 'attachment' | 'recorder'> | null;
  /** The message's subject; else the host's (the email or ticket being written). */
  subject?: string;
  /** Where a Free user goes to upgrade. */
  upgradeUrl?: string;
  /**
   * Where the message is filed (HostContext.conversation), for a flow whose adapter cannot say:
   * the record window, told by its panel. The host's own context otherwise.
   */
  conversation?: ConversationKey;
  /** Our own recorder page, for hosts that record in a separate window when the microphone is blocked. */
  recordInWindowUrl?: string;
  /** The person chose another microphone: save it as the `recorder.deviceId` setting. */
  onDeviceChange?(deviceId: string | null): void;
  /** Called once a message is shared (and inserted where the host can). */
  onShared?(share: Share, outcome: InsertOutcome): void;
  /** The two main buttons' words, e.g. a contact form's own strings. */
  labels?: { start?: string; stop?: string };
  /** Asked when Start is pressed; false keeps the flow idle (the page shows why, e.g. an email is missing). */
  beforeStart?: () => boolean | Promise<boolean>;
  /** Replaces the browser recorder (tests). */
  createRecorder?: (options: CreateRecorderOptions) => Recorder;
  /** Replaces the browser's spool of unsent messages (tests). */
  pendingRecordings?: PendingRecordings;
  className?: string;
};

/**
 * The record flow every host shows: record, stop, and a link at once. It asks the host
 * adapter, never the host, and offers what the adapter can do (insert, attach, record in
 * a window). A message is never lost: unsent ones are kept and offered again.
 */
export function RecordFlow(props: RecordFlowProps) {
  const { host, api, plan, settings } = props;
  const [context, setContext] = useState<HostContext>({});
  const [hostReady, setHostReady] = useState<Promise<unknown> | null>(null);
  const subject = props.subject ?? context.subject ?? null;
  // The picker's choice applies at once; the saved setting catches up through onDeviceChange.
  const [deviceId, setDeviceId] = useState<string | null>(settings?.recorder.deviceId ?? null);
  useEffect(() => setDeviceId(settings?.recorder.deviceId ?? null), [settings?.recorder.deviceId]);
  const chooseDevice = (next: string | null) => {
    setDeviceId(next);
    props.onDeviceChange?.(next);
  };
  const recorderOptions = useMemo<CreateRecorderOptions>(
    () => ({
      api,
      platform: host.platform,
      plan: props.recordingPlan ?? recordingPlanFor(plan),
      deviceId,
      subject: subject ?? undefined,
      conversation: props.conversation ?? context.conversation ?? null,
    }),
    [api, host.platform, plan, props.recordingPlan, deviceId, subject, props.conversation, context.conversation],
  );
  const optionsRef = useRef(recorderOptions);
  optionsRef.current = recorderOptions;
  const makeRecorder = props.createRecorder ?? createBrowserRecorder;
  const { recorder, state, setRecorder } = useRecorder();
  const recordingPlan = props.recordingPlan ?? recordingPlanFor(plan);

  const pendingStore = useMemo<PendingRecordings>(
    () =>
      props.pendingRecordings ?? {
        list: () => listPendingRecordings(),
        resume: (localId, options) => resumePendingRecording(localId, options),
        audio: (localId) => pendingRecordingAudio(localId),
        discard: (localId) => {
          const deleteRecording = api.deleteRecording;
          return discardPendingRecording(localId, deleteRecording ? { api: { deleteRecording } } : {});
        },
      },
    [props.pendingRecordings, api],
  );
  // The real recorder's code and wasm are fetched while the person reads the page.
  useEffect(() => {
    if (!props.createRecorder) void warmRecorderAssets();
  }, [props.createRecorder]);

  const [pending, setPending] = useState<PendingRecording[]>([]);
  const refreshPending = useCallback(async () => {
    const all = await pendingStore.list().catch(() => []);
    setPending(all.filter((recording) => !recording.inUse));
  }, [pendingStore]);

  useEffect(() => {
    let cancelled = false;
    const ready = host.ready().then(
      (hostContext) => !cancelled && setContext(hostContext),
      () => undefined,
    );
    setHostReady(ready);
    void refreshPending();
    return () => {
      cancelled = true;
    };
  }, [host, refreshPending]);

  const [finished, setFinished] = useState<Finished | null>(null);
  const delivered = useRef(new Set<string>());

  const deliver = useCallback(
    async (share: Share, audio: Blob | null) => {
      if (delivered.current.has(share.id)) return;
      delivered.current.add(share.id);
      setFinished({ share, outcome: null });
      const outcome = await host
        .insertShare(share)
        .catch((error: unknown): InsertOutcome => ({ inserted: false, reason: error instanceof Error ? error.message : String(error) }));
      if (audio && settings?.attachment.enabled && hasCapability(host, 'attachAudio')) {
        await host.attachAudio({ blob: audio, name: attachmentFileName(settings.attachment.name) }).catch(() => undefined);
      }
      setFinished({ share, outcome });
      props.onShared?.(share, outcome);
    },
    // props.onShared is read at call time on purpose: a new callback must not re-deliver.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [host, settings?.attachment.enabled, settings?.attachment.name],
  );

  const skipReview = settings?.recorder.skipReview ?? false;
  const review = useReview({ api, recorder, state, subject, confirmOnStop: skipReview });

  // A stopped recording (by the user or the plan's limit) goes up at once, while the person
  // reviews it: the link is ready by the time they press Get link. Only where the take can be
  // deleted again (an owner's token): a visitor's upload reaches the page's owner, by mail too,
  // so a visitor's take goes up when they press Send (docs/decisions).
  // It listens to the recorder rather than waiting for a render, so the upload leaves before the
  // review step is drawn (for a 5 min take, tens of milliseconds sooner); in a microtask, so
  // every listener of the stopped state hears it first.
  const sending = useRef(new Set<string>());
  useEffect(() => {
    if (!recorder || (!review.confirmed && !review.uploadsAtStop)) return;
    const upload = (next: RecorderState) => {
      if (next.status !== 'stopped' || sending.current.has(next.recording.localId)) return;
      sending.current.add(next.recording.localId);
      queueMicrotask(() => void recorder.upload());
    };
    upload(recorder.getState());
    return recorder.subscribe(upload);
  }, [recorder, review.confirmed, review.uploadsAtStop]);

  // The host gets the message only once the person confirmed it (or chose to skip review).
  const signature = settings?.signature;
  const themes = settings?.themes;
  useEffect(() => {
    if (state.status !== 'shared' || !review.confirmed) return;
    const share = buildShare({
      upload: state.share,
      subject: review.shareSubject,
      settings: signature && themes ? { signature, themes } : null,
      durationSeconds: state.recording.durationSeconds,
    });
    void deliver(share, state.recording.audio);
    void refreshPending();
  }, [state, review.confirmed, review.shareSubject, signature, themes, deliver, refreshPending]);

  // A discarded take stays the flow's recorder until it is really discarded (a recorder that
  // leaves is destroyed and could not come back): meanwhile the flow shows Start.
  const discardLater = usePendingDiscard();
  const discarding = recorder !== null && discardLater.pending === recorder;
  const busy =
    state.status === 'recording' ||
    state.status === 'paused' ||
    state.status === 'uploading' ||
    (review.reviewing && !discarding) ||
    (state.status === 'failed' && state.recording !== null);
  useLeaveWarning(busy);

  /**
   * Makes a recorder with the options of this moment: the host is asked again, since the
   * person may have typed the subject after the flow opened.
   */
  const start = async () => {
    if (props.beforeStart && !(await props.beforeStart())) return;
    // A new take is the person moving on: a discarded one waiting for Undo goes now.
    void discardLater.commit();
    await hostReady;
    const now = await host.ready().catch(() => context);
    setContext(now);
    const startSubject = props.subject ?? now.subject ?? undefined;
    // Where the host is now, too: a panel that followed the person to another conversation
    // files the message there, not where the flow first opened.
    const next = makeRecorder({
      ...optionsRef.current,
      subject: startSubject,
      conversation: props.conversation ?? now.conversation ?? null,
    });
    review.begin(startSubject ?? null);
    setRecorder(next);
    await next.start();
  };

  /**
   * Back to the start, leaving `taken` behind. Start shows as soon as a discarded take is
   * idle, while its server copy is still being deleted: a take started meanwhile is kept.
   */
  const leave = (taken: Recorder | null) => {
    setFinished(null);
    setRecorder((current) => (current === taken ? null : current));
  };
  const startOver = () => leave(recorder);
  const discardTake = async (taken: Recorder) => {
    await taken.discard();
    leave(taken);
  };

  const sendPending = async (recording: PendingRecording) => {
    const resumed = await pendingStore.resume(recording.localId, optionsRef.current);
    if (!resumed) return refreshPending();
    setFinished(null);
    setPending((list) => list.filter((item) => item.localId !== recording.localId));
    // Choosing Send on the banner is the confirmation: no review of a message from last time.
    review.begin(null, { confirmed: true });
    // The resumed recorder starts stopped: the effect above sends it.
    setRecorder(resumed);
  };

  const loadPendingAudio = useMemo(() => {
    const read = pendingStore.audio;
    return read ? (recording: PendingRecording) => read(recording.localId) : undefined;
  }, [pendingStore]);

  const discardPending = async (recording: PendingRecording) => {
    await pendingStore.discard(recording.localId);
    await refreshPending();
  };

  const recordInWindow =
    hasCapability(host, 'recordInWindow') && props.recordInWindowUrl
      ? async () => {
          const share = await host.recordInWindow(props.recordInWindowUrl!);
          if (share) await deliver(share, null);
        }
      : null;

  /** The step the flow is in; each state has its own small component. */
  const step = () => {
    if (state.status === 'failed' && recorder) {
      return (
        <FailureStep
          state={state}
          recorder={recorder}
          onStart={start}
          planNumber={plan}
          upgradeUrl={props.upgradeUrl}
          recordInWindow={recordInWindow}
          onStartOver={startOver}
        />
      );
    }
    if ((state.status === 'recording' || state.status === 'paused') && recorder) {
      return (
        <RecordingStep
          state={state}
          recorder={recorder}
          plan={recordingPlan}
          stopLabel={props.labels?.stop}
          onCancel={() => discardTake(recorder)}
        />
      );
    }
    if (
      review.reviewing &&
      recorder &&
      !discarding &&
      (state.status === 'stopped' || state.status === 'uploading' || state.status === 'shared')
    ) {
      return (
        <ReviewStep
          recording={state.recording}
          uploaded={state.status === 'shared'}
          uploadsAtStop={review.uploadsAtStop}
          limitNotice={
            review.cutAtLimit && recordingPlan.maxRecordingSeconds !== null
              ? limitNotice(recordingPlan.maxRecordingSeconds, recordingPlan.name)
              : null
          }
          title={review.titleField}
          expiry={review.expiryField}
          sendLabel={host.sendLabel ?? 'Get link'}
          error={review.error}
          onSend={review.send}
          onReRecord={async () => {
            // The next take starts at once; the first one's copy is deleted meanwhile.
            const deleting = recorder.discard();
            await start();
            await deleting;
          }}
          onDiscard={async () => discardLater.discard(recorder)}
        />
      );
    }
    if (!discarding && (state.status === 'stopped' || state.status === 'uploading' || state.status === 'shared')) return <SendingStep />;
    return (
      <IdleStep
        askingPermission={state.status === 'asking-permission'}
        plan={recordingPlan}
        startLabel={props.labels?.start}
        upgradeUrl={props.upgradeUrl}
        microphone={<MicrophoneControls deviceId={deviceId} onDeviceChange={chooseDevice} active={state.status === 'idle' || discarding} />}
        onStart={start}
      />
    );
  };

  return (
    <div className={classNames('vk-record-flow', props.className)}>
      {state.status === 'idle' && !finished ? (
        <PendingRecordingsBanner pending={pending} onSend={sendPending} onDiscard={discardPending} loadAudio={loadPendingAudio} />
      ) : null}
      <p className="vk-visually-hidden" role="status" aria-live="polite">
        {announce(state, finished, review.reviewing)}
      </p>
      {finished ? (
        <SharedStep
          finished={finished}
          insertedHint={host.insertedHint}
          playForEveryone={hasCapability(host, 'playForEveryone') ? (share) => host.playForEveryone(share) : undefined}
          onRecordAnother={startOver}
        />
      ) : (
        step()
      )}
      <DiscardUndoToast open={discarding} onUndo={discardLater.undo} />
    </div>
  );
}

function announce(state: RecorderState, finished: Finished | null, reviewing: boolean): string {
  if (finished) return 'Your message is ready. The link is below.';
  if (reviewing) return 'Recording stopped. Listen back, then send it, record again or discard it.';
  switch (state.status) {
    case 'asking-permission':
      return 'Waiting for access to your microphone.';
    case 'recording':
      return state.stopping ? 'Finishing the recording.' : 'Recording.';
    case 'paused':
      return 'Recording paused.';
    case 'uploading':
      return 'Sending your message.';
    case 'failed':
      return state.message;
    default:
      return '';
  }
}
