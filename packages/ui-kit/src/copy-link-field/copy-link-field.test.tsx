import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from '../clipboard/copy-to-clipboard.ts';
import { COPIED_FEEDBACK_MS, CopyLinkField } from './copy-link-field.tsx';

const URL = 'https://vocal.example/listen/abc123';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.useRealTimers();
});

describe('copyToClipboard', () => {
  it('answers true when the write succeeds', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    await expect(copyToClipboard('hello')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
  });

  it('logs and answers false when the write is refused or there is no clipboard', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await expect(copyToClipboard('hello')).resolves.toBe(false);
    Reflect.deleteProperty(navigator, 'clipboard');
    await expect(copyToClipboard('hello')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('CopyLinkField', () => {
  it('shows the link read-only and says Copied for a moment after copying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const onCopied = vi.fn();
    render(<CopyLinkField url={URL} onCopied={onCopied} />);

    const field = screen.getByRole('textbox', { name: 'Link' });
    expect(field).toHaveValue(URL);
    expect(field).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // The copy is a promise: the button may still say it is busy when the click returns.
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(onCopied).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');

    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('selects the link and asks to copy it by hand when the clipboard refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new Error('blocked by the host frame')));
    render(<CopyLinkField url={URL} label="Share link" />);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' });
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(URL.length);
    expect(screen.getByRole('status')).toHaveTextContent(/copy the link/);
    expect(field).toHaveAccessibleDescription(/Press (Ctrl\+C|⌘C) to copy the link/);
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
  });
});
