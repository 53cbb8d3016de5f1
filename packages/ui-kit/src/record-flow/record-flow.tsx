import './record-flow.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasCapability, type HostAdapter, type HostContext, type InsertOutcome, type Share } from '@vocal/host-contract';
import {
  createRecorder as createBrowserRecorder,
  discardPendingRecording,
  listPendingRecordings,
  recordingPlanFor,
  resumePendingRecording,
  warmRecorderAssets,
  type CreateRecorderOptions,
  type PendingRecording,
  type Recorder,
  type RecorderState,
  type RecordingPlan,
} from '@vocal/recorder-core';
import type { Personalisation } from '@vocal/settings-model';
import { Button } from '../button/button.tsx';
import { ButtonLink } from '../button/button-link.tsx';
import { CopyLinkField } from '../copy-link-field/copy-link-field.tsx';
import { formatDuration } from '../format/format-duration.ts';
import { classNames } from '../internal/class-names.ts';
import { LevelMeter } from '../level-meter/level-meter.tsx';
import { Spinner } from '../spinner/spinner.tsx';
import { attachmentFileName, buildShare } from './build-share.ts';
import { PendingRecordingsBanner } from './pending-recordings-banner.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useRecorder } from './use-recorder.ts';

/** What the flow needs of the pending-recordings store; the browser's spool by default. */
export type PendingRecordings = {
  list(): Promise<PendingRecording[]>;
  resume(localId: string, options: CreateRecorderOptions): Promise<Recorder | null>;
  discard(localId: string): Promise<void>;
};

export type RecordFlowProps = {
  host: HostAdapter;
  api: CreateRecorderOptions['api'];
  /** The user's plan number: Free records a minute and cannot pause. */
  plan: number;
  /** Replaces the plan's recording rules, e.g. a visitor's cap on a public page. */
  recordingPlan?: RecordingPlan;
  settings?: Pick<Personalisation, 'signature' | 'attachment' | 'recorder'> | null;
  /** The message's subject; else the host's (the email or ticket being written). */
  subject?: string;
  /** Where a Free user goes to upgrade. */
  upgradeUrl?: string;
  /** Our own recorder page, for hosts that record in a separate window when the microphone is blocked. */
  recordInWindowUrl?: string;
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

/** Failures that come from the microphone, where another window may do better. */
const MICROPHONE_FAILURES = new Set(['permission-denied', 'no-device', 'device-busy', 'unsupported', 'capture-failed']);

type Finished = { share: Share; outcome: InsertOutcome | null };

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
  const recorderOptions = useMemo<CreateRecorderOptions>(
    () => ({
      api,
      platform: host.platform,
      plan: props.recordingPlan ?? recordingPlanFor(plan),
      deviceId: settings?.recorder.deviceId ?? null,
      subject: subject ?? undefined,
    }),
    [api, host.platform, plan, props.recordingPlan, settings?.recorder.deviceId, subject],
  );
  const optionsRef = useRef(recorderOptions);
  optionsRef.current = recorderOptions;
  const makeRecorder = props.createRecorder ?? createBrowserRecorder;
  const { recorder, state, level, setRecorder } = useRecorder();
  const recordingPlan = props.recordingPlan ?? recordingPlanFor(plan);

  const pendingStore = useMemo<PendingRecordings>(
    () =>
      props.pendingRecordings ?? {
        list: () => listPendingRecordings(),
        resume: (localId, options) => resumePendingRecording(localId, options),
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

  // Stop means send: a stopped recording (by the user or the plan's limit) goes up at once.
  const sending = useRef(new Set<string>());
  useEffect(() => {
    if (!recorder || state.status !== 'stopped' || sending.current.has(state.recording.localId)) return;
    sending.current.add(state.recording.localId);
    void recorder.upload();
  }, [state, recorder]);

  useEffect(() => {
    if (state.status !== 'shared') return;
    const share = buildShare({
      upload: state.share,
      subject,
      signature: settings?.signature,
      durationSeconds: state.recording.durationSeconds,
    });
    void deliver(share, state.recording.audio);
    void refreshPending();
  }, [state, subject, settings?.signature, deliver, refreshPending]);

  const busy =
    state.status === 'recording' ||
    state.status === 'paused' ||
    state.status === 'uploading' ||
    (state.status === 'failed' && state.recording !== null);
  useLeaveWarning(busy);

  /**
   * Makes a recorder with the options of this moment: the host is asked again, since the
   * person may have typed the subject after the flow opened.
   */
  const start = async () => {
    if (props.beforeStart && !(await props.beforeStart())) return;
    await hostReady;
    const now = await host.ready().catch(() => context);
    setContext(now);
    const next = makeRecorder({ ...optionsRef.current, subject: props.subject ?? now.subject ?? undefined });
    setRecorder(next);
    await next.start();
  };

  const startOver = () => {
    setFinished(null);
    setRecorder(null);
  };

  const sendPending = async (recording: PendingRecording) => {
    const resumed = await pendingStore.resume(recording.localId, optionsRef.current);
    if (!resumed) return refreshPending();
    setFinished(null);
    setPending((list) => list.filter((item) => item.localId !== recording.localId));
    // The resumed recorder starts stopped: the effect above sends it.
    setRecorder(resumed);
  };

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

  return (
    <div className={classNames('vk-record-flow', props.className)}>
      {state.status === 'idle' && !finished ? (
        <PendingRecordingsBanner pending={pending} onSend={sendPending} onDiscard={discardPending} />
      ) : null}
      <p className="vk-visually-hidden" role="status" aria-live="polite">
        {announce(state, finished)}
      </p>
      {finished ? (
        <SharedPanel finished={finished} onRecordAnother={startOver} />
      ) : (
        <RecorderPanel
          state={state}
          level={level}
          recorder={recorder}
          plan={recordingPlan}
          labels={props.labels}
          onStart={start}
          planNumber={plan}
          upgradeUrl={props.upgradeUrl}
          recordInWindow={recordInWindow}
          onStartOver={startOver}
        />
      )}
    </div>
  );
}

function announce(state: RecorderState, finished: Finished | null): string {
  if (finished) return 'Your message is ready. The link is below.';
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

type RecorderPanelProps = {
  state: RecorderState;
  level: number;
  /** Null until the person presses Start. */
  recorder: Recorder | null;
  plan: RecordingPlan;
  labels?: RecordFlowProps['labels'];
  onStart(): Promise<void>;
  planNumber: number;
  upgradeUrl?: string;
  recordInWindow: (() => Promise<void>) | null;
  onStartOver(): void;
};

function RecorderPanel({
  state,
  level,
  recorder,
  plan,
  labels,
  onStart,
  planNumber,
  upgradeUrl,
  recordInWindow,
  onStartOver,
}: RecorderPanelProps) {
  const capturing = state.status === 'recording' || state.status === 'paused';
  const elapsed = capturing ? state.elapsedSeconds : 0;
  const remaining = capturing ? state.remainingSeconds : plan.maxRecordingSeconds;

  if (state.status === 'stopped' || state.status === 'uploading') {
    return (
      <div className="vk-record-flow__panel" data-state={state.status}>
        <Spinner label="Sending your message" />
        <p className="vk-record-flow__headline">Sending your message…</p>
        <p className="vk-record-flow__hint">It is saved on this device until it is sent.</p>
      </div>
    );
  }

  if (state.status === 'failed' && recorder) {
    return (
      <FailurePanel
        state={state}
        recorder={recorder}
        onStart={onStart}
        planNumber={planNumber}
        upgradeUrl={upgradeUrl}
        recordInWindow={recordInWindow}
        onStartOver={onStartOver}
      />
    );
  }

  const stopping = capturing && state.stopping !== null;
  return (
    <div className="vk-record-flow__panel" data-state={state.status}>
      <div className="vk-record-flow__clock" aria-hidden={!capturing}>
        <span className="vk-record-flow__elapsed">{formatDuration(elapsed)}</span>
        {remaining !== null ? <span className="vk-record-flow__remaining">{formatDuration(remaining)} left</span> : null}
      </div>
      {capturing ? (
        <LevelMeter value={state.status === 'paused' ? 0 : level} />
      ) : (
        <p className="vk-record-flow__hint">
          {state.status === 'asking-permission'
            ? 'Allow access to your microphone when your browser asks.'
            : plan.maxRecordingSeconds !== null
              ? `Messages can be up to ${formatDuration(plan.maxRecordingSeconds)} long${upgradeUrl ? ' on the Free plan' : ''}.`
              : 'Press the button and speak. Stop when you are done.'}
        </p>
      )}
      <div className="vk-record-flow__controls">
        {capturing ? (
          <button
            type="button"
            className="vk-record-button vk-record-button--stop"
            onClick={() => void recorder?.stop()}
            disabled={stopping}
          >
            <span className="vk-record-button__icon" aria-hidden="true" />
            <span className="vk-record-button__label">{labels?.stop ?? 'Stop recording'}</span>
          </button>
        ) : (
          <button type="button" className="vk-record-button" onClick={() => void onStart()} disabled={state.status === 'asking-permission'}>
            <span className="vk-record-button__icon" aria-hidden="true" />
            <span className="vk-record-button__label">{labels?.start ?? 'Start recording'}</span>
          </button>
        )}
        {capturing && plan.pausing ? (
          state.status === 'paused' ? (
            <Button variant="secondary" onClick={() => recorder?.resume()} disabled={stopping}>
              Resume
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => recorder?.pause()} disabled={stopping}>
              Pause
            </Button>
          )
        ) : null}
      </div>
      {plan.maxRecordingSeconds !== null && upgradeUrl && !capturing ? (
        <p className="vk-record-flow__upsell">
          Need longer messages or pauses? <a href={upgradeUrl}>Upgrade to Pro</a>
        </p>
      ) : null}
    </div>
  );
}

type FailurePanelProps = Omit<RecorderPanelProps, 'state' | 'level' | 'recorder' | 'plan' | 'labels'> & {
  state: Extract<RecorderState, { status: 'failed' }>;
  recorder: Recorder;
};

function FailurePanel({ state, recorder, onStart, planNumber, upgradeUrl, recordInWindow, onStartOver }: FailurePanelProps) {
  const retryIn = useCountdown(state.retryAt);
  const microphone = MICROPHONE_FAILURES.has(state.reason);
  const planLimit = state.reason === 'upload-refused' && /upgrade/i.test(state.message);
  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--failed" data-state="failed" data-reason={state.reason}>
      <p className="vk-record-flow__headline" role="alert">
        {state.message}
      </p>
      {state.recording ? (
        <p className="vk-record-flow__hint">
          {formatDuration(state.recording.durationSeconds)} recorded and saved on this device.
          {retryIn !== null ? ` Trying again in ${retryIn} s.` : ''}
        </p>
      ) : null}
      <div className="vk-record-flow__actions">
        {state.recording ? (
          <Button onClick={() => recorder.upload()} loadingLabel="Sending…">
            {state.reason === 'device-lost' || state.reason === 'encoder-failed' ? 'Send what was recorded' : 'Try sending again'}
          </Button>
        ) : (
          <Button onClick={onStart}>Try again</Button>
        )}
        {microphone && recordInWindow ? (
          <Button variant="secondary" onClick={recordInWindow} loadingLabel="Recording in another window…">
            Record in a new window
          </Button>
        ) : null}
        {state.recording ? (
          <Button
            variant="ghost"
            onClick={async () => {
              await recorder.discard();
              onStartOver();
            }}
          >
            Discard
          </Button>
        ) : null}
      </div>
      {planLimit && upgradeUrl && planNumber === 0 ? (
        <p className="vk-record-flow__upsell">
          <a href={upgradeUrl}>Upgrade to Pro</a> for unlimited messages.
        </p>
      ) : null}
    </div>
  );
}

function useCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function SharedPanel({ finished, onRecordAnother }: { finished: Finished; onRecordAnother(): void }) {
  const { share, outcome } = finished;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--shared" data-state="shared">
      <p className="vk-record-flow__headline">Your message is ready</p>
      {outcome?.inserted ? <p className="vk-record-flow__hint">The link was added where you are writing.</p> : null}
      <CopyLinkField url={share.url} label="Link to your message" />
      <div className="vk-record-flow__actions">
        {canShare ? (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.share({ title: share.title, url: share.url });
              } catch {
                // The person closed the share sheet: nothing to do.
              }
            }}
          >
            Share…
          </Button>
        ) : null}
        <ButtonLink variant="secondary" href={share.url} target="_blank" rel="noopener">
          Open
        </ButtonLink>
        <Button variant="ghost" onClick={onRecordAnother}>
          Record another
        </Button>
      </div>
    </div>
  );
}
