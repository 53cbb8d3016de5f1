import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openLinksOutside } from './open-links-outside.ts';

describe('links in a host panel', () => {
  it('open in a new window instead of replacing the app', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <div onClick={openLinksOutside}>
        <a href="https://vocal.example/upgrade">Upgrade to Pro</a>
        <a href="https://vocal.example/listen/x" target="_blank" rel="noopener">
          Open
        </a>
        <button type="button">Start recording</button>
      </div>,
    );
    await userEvent.click(screen.getByText('Upgrade to Pro'));
    expect(open).toHaveBeenCalledWith('https://vocal.example/upgrade', '_blank', 'noopener');
    await userEvent.click(screen.getByText('Start recording'));
    expect(open).toHaveBeenCalledTimes(1);
  });
});
