import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FatalErrorBoundary } from './fatal-error-boundary.tsx';
import { FatalErrorScreen } from './fatal-error-screen.tsx';
import { isIgnoredError } from './is-ignored-error.ts';

const TITLE = 'Uh oh! An error occurred';
const SUBTITLE = 'You can still continue. If this issue persists please contact us';

describe('FatalErrorScreen', () => {
  it('shows the spec texts and clears the error on Continue', async () => {
    const user = userEvent.setup();
    const onContinue = vi.fn();
    render(<FatalErrorScreen onContinue={onContinue} />);
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toHaveFocus();
    expect(screen.getByText(SUBTITLE)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: TITLE })).toHaveAccessibleDescription(SUBTITLE);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});

describe('isIgnoredError', () => {
  it.each([new Error('ResizeObserver loop completed with undelivered notifications.'), 'Unable to preload CSS for /assets/listen.css'])(
    'ignores %s',
    (error) => {
      expect(isIgnoredError(error)).toBe(true);
    },
  );

  it('does not ignore real failures', () => {
    expect(isIgnoredError(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('FatalErrorBoundary', () => {
  beforeEach(() => {
    // React and the boundary both log the error; the test checks the report instead.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function Bomb({ message }: { message: string }): never {
    throw new Error(message);
  }

  function Page() {
    const [broken, setBroken] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setBroken(true)}>
          Break
        </button>
        {broken ? <Bomb message="boom" /> : <p>All good</p>}
      </>
    );
  }

  it('shows the screen for a render error, reports it under the spec title, and Continue renders again', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(
      <FatalErrorBoundary onError={onError}>
        <Page />
      </FatalErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Break' }));

    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Fatal error occurred in client app',
        source: 'render',
        error: expect.objectContaining({ message: 'boom' }),
        componentStack: expect.stringContaining('Bomb'),
      }),
    );
    expect(console.error).toHaveBeenCalledWith('Fatal error occurred in client app', expect.any(Error));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('covers the page for an unhandled error and Continue leaves the page as it was', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(
      <FatalErrorBoundary onError={onError}>
        <input aria-label="Draft" defaultValue="kept" />
      </FatalErrorBoundary>,
    );
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('late failure'), message: 'late failure' }));
    });
    expect(screen.getByRole('alertdialog', { name: TITLE })).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ source: 'error-event' }));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('kept');
  });

  it('reports an unhandled rejection', () => {
    const onError = vi.fn();
    render(<FatalErrorBoundary onError={onError}>page</FatalErrorBoundary>);
    const event = new Event('unhandledrejection') as Event & { reason?: unknown };
    event.reason = new Error('fetch failed');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        source: 'unhandled-rejection',
        error: expect.objectContaining({ message: 'fetch failed' }),
      }),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('neither shows nor reports the ignored errors', () => {
    const onError = vi.fn();
    render(<FatalErrorBoundary onError={onError}>page</FatalErrorBoundary>);
    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'ResizeObserver loop completed with undelivered notifications.',
        }),
      );
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('Unable to preload CSS for /assets/a.css') }));
    });
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leaves unhandled errors alone when told to', () => {
    const onError = vi.fn();
    render(
      <FatalErrorBoundary catchUnhandled={false} onError={onError}>
        page
      </FatalErrorBoundary>,
    );
    // Some other handler owns this error (and keeps the test runner from calling it uncaught).
    const otherHandler = vi.fn((event: ErrorEvent) => event.preventDefault());
    window.addEventListener('error', otherHandler);
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('elsewhere'), cancelable: true }));
    });
    window.removeEventListener('error', otherHandler);
    expect(otherHandler).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
