import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      title="Delete the folder “Clients”?"
      description="Its messages are kept."
      keepLabel="Keep it"
      confirmLabel="Delete folder"
      busyLabel="Deleting…"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks with the safe choice first and focused; keeping closes it without going ahead', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete the folder “Clients”?' });
    expect(dialog).toHaveAccessibleDescription('Its messages are kept.');
    const keep = screen.getByRole('button', { name: 'Keep it' });
    expect(keep).toHaveFocus();
    await userEvent.click(keep);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('goes ahead on confirm, busy with its own words until the work is done', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Deleting…').closest('button')).toHaveAttribute('aria-busy', 'true');
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Delete folder' })).not.toHaveAttribute('aria-busy'));
  });
});
