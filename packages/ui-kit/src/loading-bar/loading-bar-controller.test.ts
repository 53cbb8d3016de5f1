import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBarController, estimateProgress } from './loading-bar-controller.ts';

describe('estimateProgress', () => {
  it('starts at 0, reaches about 95 % at the 2000 ms estimate and never 100', () => {
    expect(estimateProgress(0, 2000)).toBe(0);
    expect(estimateProgress(2000, 2000)).toBeCloseTo(95, 0);
    expect(estimateProgress(60_000, 2000)).toBeLessThan(100);
  });
});

describe('the loading bar controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows only after the 200 ms throttle and estimates over 2000 ms', () => {
    const bar = createLoadingBarController();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().progress).toBeGreaterThan(0);
    expect(bar.getState().progress).toBeLessThan(30);
    vi.advanceTimersByTime(1800);
    expect(bar.getState().progress).toBeCloseTo(95, 0);
    vi.advanceTimersByTime(10_000);
    expect(bar.getState().progress).toBeLessThan(100);
    bar.dispose();
  });

  it('never appears for a load shorter than the throttle', () => {
    const bar = createLoadingBarController();
    const listener = vi.fn();
    bar.subscribe(listener);
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(5_000);
    expect(bar.getState()).toEqual({ progress: 0, visible: false, error: false });
    expect(listener).not.toHaveBeenCalled();
  });

  it('fills on finish, hides 500 ms later and resets its value 400 ms after that', () => {
    const bar = createLoadingBarController();
    bar.start();
    vi.advanceTimersByTime(600);
    bar.finish();
    expect(bar.getState()).toEqual({ progress: 100, visible: true, error: false });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ progress: 100, visible: false, error: false });
    vi.advanceTimersByTime(399);
    expect(bar.getState().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ progress: 0, visible: false, error: false });
  });

  it('turns red on error, at once even within the throttle, then hides and resets', () => {
    const bar = createLoadingBarController();
    bar.start();
    vi.advanceTimersByTime(50);
    bar.error();
    expect(bar.getState()).toEqual({ progress: 100, visible: true, error: true });
    vi.advanceTimersByTime(500);
    expect(bar.getState()).toEqual({ progress: 100, visible: false, error: true });
    vi.advanceTimersByTime(400);
    expect(bar.getState()).toEqual({ progress: 0, visible: false, error: false });
  });

  it('shows an error raised while nothing was loading', () => {
    const bar = createLoadingBarController();
    bar.error();
    expect(bar.getState()).toEqual({ progress: 100, visible: true, error: true });
  });

  it('ignores finish when nothing is loading, and a second start while loading', () => {
    const bar = createLoadingBarController();
    bar.finish();
    expect(bar.getState().visible).toBe(false);
    bar.start();
    vi.advanceTimersByTime(1000);
    const progress = bar.getState().progress;
    bar.start();
    expect(bar.getState().progress).toBe(progress);
    bar.dispose();
  });

  it('carries on at once when a load starts while the last bar is still hiding', () => {
    const bar = createLoadingBarController();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(200);
    bar.start();
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().progress).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(bar.getState()).toMatchObject({ visible: true, error: false });
    expect(bar.getState().progress).toBeGreaterThan(90);
    bar.dispose();
  });
});
