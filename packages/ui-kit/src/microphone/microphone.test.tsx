import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicrophoneBlockedHelp } from './microphone-blocked-help.tsx';
import { MicrophonePicker } from './microphone-picker.tsx';

const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('MicrophonePicker', () => {
  const inputs = [
    { deviceId: 'a', label: 'Desk microphone', groupId: 'g' },
    { deviceId: 'b', label: '', groupId: 'g' },
  ];

  it('lists the microphones under a label, names unnamed ones, and reports the choice', async () => {
    const onChange = vi.fn();
    render(<MicrophonePicker inputs={inputs} deviceId={null} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Microphone' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Default microphone',
      'Desk microphone',
      'Microphone 2',
    ]);
    await userEvent.selectOptions(select, 'Microphone 2');
    expect(onChange).toHaveBeenLastCalledWith('b');
    await userEvent.selectOptions(select, 'Default microphone');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a saved microphone that is not plugged in as the default, which is what records', () => {
    render(<MicrophonePicker inputs={inputs} deviceId="unplugged" onChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('');
  });
});

describe('MicrophoneBlockedHelp', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives this browser's steps, and Try again asks again", async () => {
    const onTryAgain = vi.fn(async () => undefined);
    render(<MicrophoneBlockedHelp onTryAgain={onTryAgain} recordInWindow={null} userAgent={FIREFOX} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Microphone access was blocked');
    expect(screen.getByText(/allow it for this site in Firefox/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('microphone icon in the address bar');
    expect(screen.queryByRole('button', { name: 'Record in a new window' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledTimes(1);
  });

  it('says it is still blocked instead of asking a browser that will not ask', async () => {
    vi.stubGlobal('navigator', { ...navigator, permissions: { query: async () => ({ state: 'denied' }) } });
    const onTryAgain = vi.fn(async () => undefined);
    const recordInWindow = vi.fn(async () => undefined);
    render(<MicrophoneBlockedHelp onTryAgain={onTryAgain} recordInWindow={recordInWindow} userAgent={CHROME} />);
    // Offered a window (inside a host), the window comes first; the browser's steps follow.
    const inWindow = screen.getByRole('button', { name: 'Record in a new window' });
    const again = screen.getByRole('button', { name: 'Try again' });
    expect(inWindow.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/A window of ours can/)).toBeInTheDocument();
    expect(screen.getByText(/Or allow it for this site in Chrome/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('left of the address bar');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/It is still blocked/)).toBeInTheDocument();
    expect(onTryAgain).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Record in a new window' }));
    expect(recordInWindow).toHaveBeenCalledTimes(1);
  });
});
