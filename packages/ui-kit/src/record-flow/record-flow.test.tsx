import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeHostAdapter } from '@vocal/host-contract';
import type { CreateRecorderOptions, PendingRecording } from '@vocal/recorder-core';
import { createFakeMedia, createRecorderWith, createStubApi, failure, type RecorderDependencies } from '@vocal/recorder-core/testing';
import { defaultPersonalisation, THEME_PRESETS } from '@vocal/settings-model';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { RecordFlow, type PendingRecordings } from './record-flow.tsx';

/** Everything a recorder needs, faked: the microphone and pipeline, no spool, timers as they are. */
function fakeDependencies(
  media: ReturnType<typeof createFakeMedia> | null,
  localId = () => `local-${Math.random()}`,
): RecorderDependencies {
  return {
    devices: media?.devices ?? null,
    startPipeline:
      media?.startPipeline ??
      (async () => {
        throw new Error('not used');
      }),
    spool: null,
    drawWaveform: async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
    onOnline: () => () => undefined,
    holdRecording: () => () => undefined,
    createLocalId: localId,
    now: () => Date.now(),
    random: () => 0,
    setTimer: (callback, delay) => setTimeout(callback, delay),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

function setup(
  options: {
    plan?: number;
    media?: ReturnType<typeof createFakeMedia>;
    host?: ReturnType<typeof createFakeHostAdapter>;
    attachment?: boolean;
    pending?: PendingRecordings;
    recordInWindowUrl?: string;
    skipReview?: boolean;
    recordingPlan?: { maxRecordingSeconds: number | null; pausing: boolean; name?: string };
  } = {},
) {
  const media = options.media ?? createFakeMedia();
  const stub = createStubApi();
  const fake = options.host ?? createFakeHostAdapter({ platform: 'outlook', context: { subject: 'Quarterly numbers' } });
  const settings = defaultPersonalisation();
  settings.attachment.enabled = options.attachment ?? false;
  settings.recorder.skipReview = options.skipReview ?? false;
  const createRecorder = (recorderOptions: CreateRecorderOptions) => createRecorderWith(recorderOptions, fakeDependencies(media));
  const pending: PendingRecordings = options.pending ?? { list: async () => [], resume: async () => null, discard: async () => undefined };
  const onShared = vi.fn();
  render(
    <ThemeProvider theme={THEME_PRESETS.Light}>
      <RecordFlow
        host={fake.adapter}
        api={stub.api}
        plan={options.plan ?? 0}
        recordingPlan={options.recordingPlan}
        settings={settings}
        upgradeUrl="/upgrade"
        recordInWindowUrl={options.recordInWindowUrl}
        createRecorder={createRecorder}
        pendingRecordings={pending}
        onShared={onShared}
      />
    </ThemeProvider>,
  );
  return { media, stub, fake, onShared, user: userEvent.setup() };
}

describe('RecordFlow', () => {
  it('records, stops and shows the link at once, inserting it into the host with the signature', async () => {
    const { media, stub, fake, onShared, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument();
    expect(screen.getByText('1:00 left')).toBeInTheDocument();
    act(() => media.speak(2));
    expect(await screen.findByText('0:58 left')).toBeInTheDocument();
    // The meter listens to the recorder itself (RecordingLevel): speech at half scale lights it.
    expect(Number(screen.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'))).toBeGreaterThan(50);
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));

    // Review: the take plays from this device, the title is the host's subject, and the
    // upload has started on its own; nothing reaches the host until Get link.
    expect(await screen.findByText('Listen before you send')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Quarterly numbers');
    expect(await screen.findByText('Uploaded. Your link is ready.')).toBeInTheDocument();
    expect(stub.messages()).toHaveLength(1);
    expect(fake.inserted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Get link' }));

    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    // The title was not changed: no rename call.
    expect(stub.edits).toEqual([]);
    const url = stub.messages()[0]!.url;
    expect(screen.getByRole('textbox', { name: 'Link to your message' })).toHaveValue(url);
    await waitFor(() => expect(fake.inserted).toHaveLength(1));
    // The link's colours come from the signature's theme: the Light preset's blue, darkened for white text.
    expect(fake.inserted[0]).toMatchObject({
      url,
      title: 'Quarterly numbers',
      message: 'Hey, check out my voice message!',
      accent: { background: '#2271E1', text: '#FFFFFF' },
    });
    expect(stub.uploads[0]).toMatchObject({ platform: 'outlook', subject: 'Quarterly numbers' });
    expect(onShared).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The link was added where you are writing.')).toBeInTheDocument();
  });

  it('reserves the message in the conversation the host names, so replies to it come back there', async () => {
    const host = createFakeHostAdapter({ platform: 'zendesk', context: { conversation: 'zendesk:acme/4521' } });
    const { media, stub, user } = setup({ host });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    act(() => media.speak(2));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Uploaded. Your link is ready.')).toBeInTheDocument();
    expect(stub.reservations).toEqual([{ platform: 'zendesk', conversation: 'zendesk:acme/4521' }]);
  });

  it('files the message in the conversation the host is in when recording starts, not where the flow opened', async () => {
    let conversation = 'front:cnv_a1';
    const host = createFakeHostAdapter({ platform: 'front-app' });
    host.adapter.ready = async () => ({ conversation });
    const { media, stub, user } = setup({ host });
    await screen.findByRole('button', { name: 'Start recording' });
    conversation = 'front:cnv_b2';
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    act(() => media.speak(2));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Uploaded. Your link is ready.')).toBeInTheDocument();
    expect(stub.reservations).toEqual([{ platform: 'front-app', conversation: 'front:cnv_b2' }]);
  });

  it('attaches the MP3 under the attachment name when the setting is on', async () => {
    const { media, fake, user } = setup({ attachment: true });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    await screen.findByText('Your message is ready');
    await waitFor(() => expect(fake.calls.map((call) => call.name)).toContain('attachAudio'));
    const attach = fake.calls.find((call) => call.name === 'attachAudio');
    expect(attach?.name === 'attachAudio' && attach.attachment.name).toBe('Voice memo.mp3');
  });

  it('offers Pause and Resume on Pro only', async () => {
    const free = setup({ plan: 0 });
    await free.user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.getByText(/left$/)).toBeInTheDocument();
  });

  it('pauses and resumes on Pro, with no time limit shown', async () => {
    const { user } = setup({ plan: 1 });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.queryByText('Paused')).toBeNull();
    expect(screen.queryByText(/left$/)).toBeNull();
  });

  it('saves a typed title before the link is handed out, and the host gets that title', async () => {
    const { media, stub, fake, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(2));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Numbers for Q3');
    await user.click(screen.getByRole('button', { name: 'Get link' }));
    await screen.findByText('Your message is ready');
    const id = stub.messages()[0]!.id;
    expect(stub.edits).toEqual([{ id, subject: 'Numbers for Q3' }]);
    await waitFor(() => expect(fake.inserted).toHaveLength(1));
    expect(fake.inserted[0]).toMatchObject({ title: 'Numbers for Q3' });
  });

  it('saves when the link expires with the link, counted from Get link; never costs no call', async () => {
    const { media, stub, user } = setup();
    for (const choice of ['7', 'never'] as const) {
      if (choice === 'never') await user.click(screen.getByRole('button', { name: 'Record another' }));
      await user.click(await screen.findByRole('button', { name: 'Start recording' }));
      await screen.findByRole('button', { name: 'Stop recording' });
      act(() => media.speak(1));
      await user.click(screen.getByRole('button', { name: 'Stop recording' }));
      const expires = await screen.findByRole('combobox', { name: 'Link expires' });
      expect(expires).toHaveValue('never');
      await user.selectOptions(expires, choice);
      const pressed = Date.now();
      await user.click(screen.getByRole('button', { name: 'Get link' }));
      await screen.findByText('Your message is ready');
      if (choice === 'never') {
        expect(stub.edits).toHaveLength(1);
        break;
      }
      const [edit] = stub.edits;
      expect(edit).toMatchObject({ id: stub.messages()[0]!.id, subject: undefined });
      const weekMs = 7 * 24 * 3600 * 1000;
      expect(Date.parse(edit!.expiryDate!)).toBeGreaterThanOrEqual(pressed + weekMs - 1000);
      expect(Date.parse(edit!.expiryDate!)).toBeLessThanOrEqual(Date.now() + weekMs);
    }
  });

  it('shows the date as the title placeholder when the host has no subject', async () => {
    const host = createFakeHostAdapter({ platform: 'webapp' });
    const { media, user } = setup({ host });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('');
    expect(title.getAttribute('placeholder')).toMatch(/^Voice message · \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/);
  });

  it('re-records: the first take is deleted from the server and the second one is shared', async () => {
    const { media, stub, fake, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await screen.findByText('Uploaded. Your link is ready.');
    const first = stub.messages()[0]!.id;
    await user.click(screen.getByRole('button', { name: 'Re-record' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    expect(stub.deleted).toEqual([first]);
    act(() => media.speak(2));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    await screen.findByText('Your message is ready');
    const messages = stub.messages();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.id).not.toBe(first);
    await waitFor(() => expect(fake.inserted).toHaveLength(1));
    expect(fake.inserted[0]!.id).toBe(messages[0]!.id);
  });

  it('discards after the upload with Undo: Undo gives the take back, the next Start deletes it, nothing is inserted', async () => {
    const { media, stub, fake, onShared, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await screen.findByText('Uploaded. Your link is ready.');
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Kept by Undo');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    // Undo has the focus, and the copy is still there while it is offered.
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(stub.deleted).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Kept by Undo');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(stub.deleted).toHaveLength(1));
    expect(stub.messages()).toEqual([]);
    expect(fake.inserted).toEqual([]);
    expect(onShared).not.toHaveBeenCalled();
  });

  it('counts the title against the limit as it is typed, and refuses to send past it', async () => {
    const { media, stub, fake, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Short');
    expect(screen.getByText('5 of 200 characters')).toBeInTheDocument();
    // Pasted whole: nothing is cut off behind the person's back.
    await user.click(title);
    await user.paste('x'.repeat(200));
    expect(title).toHaveValue(`Short${'x'.repeat(200)}`);
    expect(screen.getByText('Too long by 5 characters: shorten the title to send')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get link' }));
    expect(title).toHaveFocus();
    expect(fake.inserted).toEqual([]);
    await user.keyboard('{Backspace>5/}');
    expect(screen.getByText('200 of 200 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get link' }));
    await waitFor(() => expect(fake.inserted).toHaveLength(1));
    expect(stub.edits.at(-1)?.subject).toBe(`Short${'x'.repeat(195)}`);
  });

  it("says where the link went in the host's own words when it has them", async () => {
    const media = createFakeMedia();
    const stub = createStubApi();
    const host = createFakeHostAdapter({ platform: 'ms-teams' });
    const teams = { ...host.adapter, sendLabel: 'Share in Teams', insertedHint: 'The link went to Teams’ share box.' };
    const user = userEvent.setup();
    render(
      <RecordFlow
        host={teams}
        api={stub.api}
        plan={0}
        createRecorder={(options) => createRecorderWith(options, fakeDependencies(media))}
        pendingRecordings={{ list: async () => [], resume: async () => null, discard: async () => undefined }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Share in Teams' }));
    expect(await screen.findByText('The link went to Teams’ share box.')).toBeInTheDocument();
    expect(screen.queryByText('The link was added where you are writing.')).toBeNull();
    expect(host.inserted).toHaveLength(1);
  });

  it("uploads a visitor's take only when they press Send, and a discard sends nothing", async () => {
    const media = createFakeMedia();
    const stub = createStubApi();
    // A visitor's api: no token, so nothing to delete or rename with.
    const api = { getVocal: stub.api.getVocal, uploadVocal: stub.api.uploadVocal };
    const host = createFakeHostAdapter({ platform: 'contact-form' });
    const visitorHost = { ...host.adapter, sendLabel: 'Send' };
    const user = userEvent.setup();
    render(
      <RecordFlow
        host={visitorHost}
        api={api}
        plan={0}
        createRecorder={(options) => createRecorderWith(options, fakeDependencies(media))}
        pendingRecordings={{ list: async () => [], resume: async () => null, discard: async () => undefined }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Nothing is sent until you press Send.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await screen.findByRole('button', { name: 'Start recording' });
    expect(stub.uploads).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    expect(stub.messages()).toHaveLength(1);
  });

  it('skips the review when the setting says so: Stop hands out the link', async () => {
    const { media, fake, user } = setup({ skipReview: true });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    expect(screen.queryByText('Listen before you send')).toBeNull();
    await waitFor(() => expect(fake.inserted).toHaveLength(1));
  });

  it('cancels a short take at once, and asks first when it is longer than 10 s', async () => {
    const { media, stub, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(3));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(12));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this recording?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep recording' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard recording' }));
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
    expect(stub.messages()).toEqual([]);
  });

  it('warns in words in the last 10 s, and says the take was cut at the limit of Free', async () => {
    const { media, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(45));
    expect(screen.queryByText(/recording stops at the limit/)).toBeNull();
    act(() => media.speak(7));
    expect(await screen.findByText('8 s left: recording stops at the limit')).toBeInTheDocument();
    expect(screen.getByText('Less than 10 seconds left before the recording stops.')).toBeInTheDocument();
    act(() => media.speak(10));
    expect(await screen.findByText('Stopped at the 1-minute limit of Free.')).toBeInTheDocument();
  });

  it('explains a refused microphone and records in a new window where the host can', async () => {
    const media = createFakeMedia({ getUserMediaError: new DOMException('denied', 'NotAllowedError') });
    const windowShare = {
      id: 'fromwindow01',
      url: 'https://vocal.example/listen/fromwindow01',
      title: 'Listen to my voice message',
      message: null,
      imageUrl: '',
      durationSeconds: 4,
      accent: null,
    };
    const host = createFakeHostAdapter({ platform: 'outlook', windowShare });
    const { user } = setup({ media, host, recordInWindowUrl: 'https://vocal.example/record/outlook' });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Microphone access was blocked');
    await user.click(screen.getByRole('button', { name: 'Record in a new window' }));
    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    expect(host.calls).toContainEqual({ name: 'recordInWindow', url: 'https://vocal.example/record/outlook' });
    expect(host.inserted[0]?.url).toBe('https://vocal.example/listen/fromwindow01');
  });

  it('plays the message for everyone where the host has a shared stage, and says when it refused', async () => {
    const host = createFakeHostAdapter({
      platform: 'google-meet',
      capabilities: { playForEveryone: true },
      refusePlay: 'Another activity is on.',
    });
    const { media, user } = setup({ host });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    await user.click(await screen.findByRole('button', { name: 'Play for everyone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another activity is on.');
    const played = host.calls.find((call) => call.name === 'playForEveryone');
    expect(played?.name === 'playForEveryone' && played.share.url).toBe(host.inserted[0]?.url);
  });

  it('offers no Play for everyone where the host has no shared stage', async () => {
    const { media, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(1));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    await screen.findByText('Your message is ready');
    expect(screen.queryByRole('button', { name: 'Play for everyone' })).toBeNull();
  });

  it('does not offer a new window when the host cannot open one', async () => {
    const media = createFakeMedia({ getUserMediaError: new DOMException('denied', 'NotAllowedError') });
    const host = createFakeHostAdapter({ capabilities: { recordInWindow: false } });
    const { user } = setup({ media, host, recordInWindowUrl: '/record' });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Record in a new window' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps a message the server could not take, says so, and sends it on retry', async () => {
    const { media, stub, user } = setup();
    stub.uploadAnswers.push(failure(0, 'Could not reach the server'));
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => media.speak(2));
    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('saved on this device');
    expect(screen.getByText(/recorded and saved on this device/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try sending again' }));
    await user.click(await screen.findByRole('button', { name: 'Get link' }));
    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    expect(stub.messages()).toHaveLength(1);
  });

  it('keeps the flow idle while beforeStart says no', async () => {
    const beforeStart = vi.fn(() => false);
    const media = createFakeMedia();
    const stub = createStubApi();
    const fake = createFakeHostAdapter();
    const user = userEvent.setup();
    render(
      <RecordFlow
        host={fake.adapter}
        api={stub.api}
        plan={0}
        labels={{ start: 'Record your message', stop: 'Done' }}
        beforeStart={beforeStart}
        createRecorder={(options) => createRecorderWith(options, fakeDependencies(media))}
        pendingRecordings={{ list: async () => [], resume: async () => null, discard: async () => undefined }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Record your message' }));
    expect(beforeStart).toHaveBeenCalledTimes(1);
    expect(media.calls).not.toContain('getUserMedia');
    beforeStart.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Record your message' }));
    expect(await screen.findByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('offers a message left from last time, and sends it', async () => {
    const leftover: PendingRecording = {
      localId: 'old-1',
      recordingId: 'reserved-old',
      platform: 'webapp',
      subject: null,
      durationSeconds: 42,
      createdAt: Date.now() - 5 * 60_000,
      updatedAt: Date.now(),
      interrupted: false,
      inUse: false,
      lastError: 'offline',
    };
    const resumedUpload = vi.fn();
    const pending: PendingRecordings = {
      list: vi.fn(async () => [leftover]),
      resume: vi.fn(async (_localId, options) => {
        const recorder = createRecorderWith(
          options,
          fakeDependencies(null, () => 'old-1'),
          {
            recording: { localId: 'old-1', audio: new Blob([new Uint8Array([1, 2, 3])]), durationSeconds: 42, peaks: [0.5] },
            recordingId: 'reserved-old',
            platform: 'webapp',
            subject: null,
          },
        );
        const upload = recorder.upload.bind(recorder);
        recorder.upload = async () => {
          resumedUpload();
          return upload();
        };
        return recorder;
      }),
      discard: vi.fn(async () => undefined),
    };
    const { user } = setup({ pending });
    expect(await screen.findByText('A message was not sent yet')).toBeInTheDocument();
    expect(screen.getByText(/0:42 · recorded 5 minutes ago/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send it now' }));
    expect(await screen.findByText('Your message is ready')).toBeInTheDocument();
    expect(resumedUpload).toHaveBeenCalledTimes(1);
  });
});
