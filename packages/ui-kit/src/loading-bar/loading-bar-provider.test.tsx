import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBarProvider } from './loading-bar-provider.tsx';
import { useLoadingBar } from './use-loading-bar.ts';
import type { LoadingBarControls } from './loading-bar-context.ts';

describe('LoadingBarProvider and useLoadingBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drives the bar from the hook', () => {
    let controls: LoadingBarControls | undefined;
    function Page() {
      controls = useLoadingBar();
      return <p>page</p>;
    }
    const { container } = render(
      <LoadingBarProvider>
        <Page />
      </LoadingBarProvider>,
    );
    const bar = container.querySelector('.vk-loading-bar')!;
    expect(bar).toHaveStyle({ height: '4px' });
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar).toHaveAttribute('data-visible', 'false');

    act(() => controls?.start());
    act(() => vi.advanceTimersByTime(200));
    expect(bar).toHaveAttribute('data-visible', 'true');
    // Shown, it stays out of the accessibility tree.
    expect(bar).toHaveAttribute('aria-hidden', 'true');

    act(() => controls?.error());
    expect(bar).toHaveAttribute('data-error', 'true');
    expect(bar).toHaveAttribute('data-progress', '100');

    act(() => vi.advanceTimersByTime(900));
    expect(bar).toHaveAttribute('data-visible', 'false');
    expect(bar).toHaveAttribute('data-progress', '0');
  });

  it('says what is missing when used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useLoadingBar();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/LoadingBarProvider/);
  });
});
