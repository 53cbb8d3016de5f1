import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer, type AudioPlayerHandle } from './audio-player.tsx';

const PEAKS = [0.1, 0.5, 0.9, 0.4, 0.2, 0.7, 0.3, 0.6];

// jsdom has no media playback: play() and pause() only fire the events a browser would.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

function renderPlayer(props: Partial<Parameters<typeof AudioPlayer>[0]> = {}) {
  const user = userEvent.setup();
  const view = render(<AudioPlayer src="/files/abc.mp3" peaks={PEAKS} duration={200} {...props} />);
  const audio = view.container.querySelector('audio') as HTMLAudioElement;
  return { user, audio, slider: screen.getByRole('slider', { name: 'Seek' }), ...view };
}

describe('AudioPlayer', () => {
  it('shows the known duration before any metadata, and the title', () => {
    const { slider } = renderPlayer({ title: 'Quarterly update' });
    expect(screen.getByRole('group', { name: 'Voice message: Quarterly update' })).toBeInTheDocument();
    expect(screen.getByText('Quarterly update')).toBeInTheDocument();
    expect(screen.getByText('3:20')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '200');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 3:20');
  });

  it('plays and pauses', async () => {
    const { user, audio } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(audio.play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('seeks with the keyboard: arrows ±5 s, Page Up/Down ±10 %, Home and End', async () => {
    const onTimeUpdate = vi.fn();
    const { user, audio, slider } = renderPlayer({ onTimeUpdate });
    slider.focus();

    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(5);
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(onTimeUpdate).toHaveBeenLastCalledWith(5);

    await user.keyboard('{PageUp}');
    expect(audio.currentTime).toBe(25);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuetext', '0:35 of 3:20');
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(30);
    await user.keyboard('{PageDown}');
    expect(audio.currentTime).toBe(10);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(audio.currentTime).toBe(0);

    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(200);
    expect(slider).toHaveAttribute('aria-valuetext', '3:20 of 3:20');
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(200);
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
  });

  it('reads 1:05 of 3:20 at 65 seconds', () => {
    const { audio, slider } = renderPlayer();
    audio.currentTime = 65;
    fireEvent.timeUpdate(audio);
    expect(slider).toHaveAttribute('aria-valuetext', '1:05 of 3:20');
    expect(screen.getByText('1:05')).toBeInTheDocument();
  });

  it('seeks where the waveform is clicked', () => {
    const { audio, slider } = renderPlayer();
    slider.getBoundingClientRect = () => ({
      left: 100,
      width: 400,
      top: 0,
      height: 48,
      right: 500,
      bottom: 48,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(slider, { button: 0, pointerId: 1, clientX: 200 });
    expect(audio.currentTime).toBe(50);
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 400 });
    expect(audio.currentTime).toBe(150);
    fireEvent.pointerUp(slider, { pointerId: 1, clientX: 400 });
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 100 });
    expect(audio.currentTime).toBe(150);
  });

  it('cycles the playback speed 1 → 1.25 → 1.5 → 2 → 0.75 → 1', async () => {
    const { user, audio } = renderPlayer();
    const expected = [1.25, 1.5, 2, 0.75, 1];
    for (const rate of expected) {
      await user.click(screen.getByRole('button', { name: /^Playback speed/ }));
      expect(audio.playbackRate).toBe(rate);
      expect(screen.getByRole('button', { name: `Playback speed ${rate}×` })).toHaveTextContent(`${rate}×`);
    }
  });

  it('takes the duration from the metadata once it is known', () => {
    const { audio, slider } = renderPlayer();
    Object.defineProperty(audio, 'duration', { value: 201.4, configurable: true });
    fireEvent.loadedMetadata(audio);
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 3:21');
  });

  it('shows buffering while waiting for data', () => {
    const { audio } = renderPlayer();
    fireEvent.waiting(audio);
    expect(screen.getByRole('group')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading audio');
    fireEvent.playing(audio);
    expect(screen.getByRole('group')).not.toHaveAttribute('aria-busy');
  });

  it('says when the audio cannot be loaded, and can try again', async () => {
    const { user, audio } = renderPlayer();
    Object.defineProperty(audio, 'error', { value: { code: 4 }, configurable: true });
    fireEvent.error(audio);
    expect(screen.getByRole('alert')).toHaveTextContent('This voice message could not be played.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(audio.load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a parent the position and a way to seek', () => {
    const ref = createRef<AudioPlayerHandle>();
    const onTimeUpdate = vi.fn();
    const { audio } = renderPlayer({ ref, onTimeUpdate });
    act(() => ref.current?.seek(42.5));
    expect(audio.currentTime).toBe(42.5);
    expect(ref.current?.currentTime).toBe(42.5);
    expect(ref.current?.duration).toBe(200);
    expect(onTimeUpdate).toHaveBeenLastCalledWith(42.5);
    act(() => ref.current?.seek(-10));
    expect(audio.currentTime).toBe(0);
  });

  it('starts over for a new recording', () => {
    const { audio, slider, rerender } = renderPlayer();
    audio.currentTime = 30;
    fireEvent.timeUpdate(audio);
    rerender(<AudioPlayer src="/files/other.mp3" peaks={PEAKS} duration={90} />);
    expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 1:30');
  });
});
