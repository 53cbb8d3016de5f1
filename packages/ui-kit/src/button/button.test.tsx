import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('Button', () => {
  it('is a primary base button of type button by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveClass('vk-button--primary', 'vk-button--base');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('applies size and variant', () => {
    render(
      <Button size="lg" variant="danger">
        Delete
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('vk-button--danger', 'vk-button--lg');
  });

  it('is busy and frozen while its async click is pending, then recovers', async () => {
    const user = userEvent.setup();
    const work = deferred();
    const onClick = vi.fn(() => work.promise);
    render(
      <Button onClick={onClick} loadingLabel="Sending…">
        Send
      </Button>,
    );

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Still focusable while busy, so keyboard focus is not lost.
    expect(busy).not.toBeDisabled();

    await user.click(busy);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(async () => work.resolve());
    const idle = screen.getByRole('button', { name: 'Send' });
    expect(idle).not.toHaveAttribute('aria-busy');
    await user.click(idle);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('never double-fires on two clicks in the same frame', () => {
    const onClick = vi.fn(() => new Promise(() => {}));
    render(<Button onClick={onClick}>Upload</Button>);
    const button = screen.getByRole('button', { name: 'Upload' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('fires a synchronous handler on every click', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Next</Button>);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is frozen when disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is busy and frozen when loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form again while busy', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={() => new Promise(() => {})}>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('forwards its ref and aria props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} aria-label="Close dialog" aria-describedby="hint">
        ×
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Close dialog' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('aria-describedby', 'hint');
  });
});
