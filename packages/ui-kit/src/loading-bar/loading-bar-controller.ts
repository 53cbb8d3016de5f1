import { LOADING_BAR } from '@vocal/settings-model';

export type LoadingBarState = {
  /** 0 to 100. */
  progress: number;
  /** Whether the bar is on screen (it fades in and out; progress may still be 100 while hiding). */
  visible: boolean;
  /** Finished by an error: the bar turns red. */
  error: boolean;
};

export type LoadingBarTimings = {
  throttleMs: number;
  durationMs: number;
  hideDelayMs: number;
  resetDelayMs: number;
  /** How often the estimated progress moves while loading. */
  tickMs: number;
};

export type LoadingBarController = {
  start(): void;
  finish(): void;
  error(): void;
  getState(): LoadingBarState;
  subscribe(listener: () => void): () => void;
  dispose(): void;
};

const defaultTimings: LoadingBarTimings = {
  throttleMs: LOADING_BAR.throttleMs,
  durationMs: LOADING_BAR.durationMs,
  hideDelayMs: LOADING_BAR.hideDelayMs,
  resetDelayMs: LOADING_BAR.resetDelayMs,
  tickMs: 100,
};

/**
 * How far along a load of unknown length looks after `elapsed` ms: fast at first, 95 % at
 * `duration`, and never 100 % until the load really finishes.
 */
export function estimateProgress(elapsedMs: number, durationMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(99, 100 * (1 - Math.exp((-3 * elapsedMs) / durationMs)));
}

const idle: LoadingBarState = { progress: 0, visible: false, error: false };

/**
 * The top loading bar's state machine (spec section 4), free of React so its timings can be
 * tested with fake timers. start() shows the bar only if loading lasts past the throttle;
 * finish() and error() fill it, hide it after the hide delay and reset it after the reset delay.
 */
export function createLoadingBarController(overrides: Partial<LoadingBarTimings> = {}): LoadingBarController {
  const timings = { ...defaultTimings, ...overrides };
  let state = idle;
  let loading = false;
  let startedAt = 0;
  const listeners = new Set<() => void>();
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: Partial<LoadingBarState>) => {
    const merged = { ...state, ...next };
    if (merged.progress === state.progress && merged.visible === state.visible && merged.error === state.error) return;
    state = merged;
    for (const listener of listeners) listener();
  };

  const clearTimers = () => {
    clearTimeout(throttleTimer);
    clearInterval(tickTimer);
    clearTimeout(hideTimer);
    clearTimeout(resetTimer);
    throttleTimer = tickTimer = hideTimer = resetTimer = undefined;
  };

  const tick = () => set({ progress: estimateProgress(Date.now() - startedAt, timings.durationMs) });

  const end = (failed: boolean) => {
    // An error is shown even when it comes before the throttle: the user should see it.
    if (!loading && !state.visible && !failed) return;
    const wasVisible = state.visible;
    loading = false;
    clearTimers();
    if (!wasVisible && !failed) {
      set(idle);
      return;
    }
    set({ progress: 100, visible: true, error: failed });
    hideTimer = setTimeout(() => {
      set({ visible: false });
      resetTimer = setTimeout(() => set(idle), timings.resetDelayMs);
    }, timings.hideDelayMs);
  };

  return {
    start() {
      if (loading) return;
      clearTimers();
      loading = true;
      startedAt = Date.now();
      const show = () => {
        set({
          progress: estimateProgress(Date.now() - startedAt, timings.durationMs),
          visible: true,
        });
        tickTimer = setInterval(tick, timings.tickMs);
      };
      set({ progress: 0, error: false });
      // A load that starts while the last one's bar is still on screen carries on at once.
      if (state.visible) show();
      else throttleTimer = setTimeout(show, timings.throttleMs);
    },
    finish: () => end(false),
    error: () => end(true),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      loading = false;
      clearTimers();
    },
  };
}
