import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReportIssueDialog, type ReportIssueDialogProps } from './report-issue-dialog.tsx';

function Harness({ onSubmit }: { onSubmit: ReportIssueDialogProps['onSubmit'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Report a problem
      </button>
      <ReportIssueDialog open={open} onClose={() => setOpen(false)} onSubmit={onSubmit} />
    </>
  );
}

async function openDialog(onSubmit: ReportIssueDialogProps['onSubmit'] = vi.fn()) {
  const user = userEvent.setup();
  render(<Harness onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Report a problem' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Report an issue' }), onSubmit };
}

describe('ReportIssueDialog', () => {
  it('shows the heading, explanation, both hints, a text box and Send Report, focused on the text', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/tell us about it/i);
    expect(within(dialog).getByText('How and where does it happen?')).toBeInTheDocument();
    expect(within(dialog).getByText('Is there a specific way to reproduce it?')).toBeInTheDocument();
    const text = within(dialog).getByRole('textbox', { name: 'What happened?' });
    expect(text).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Send Report' })).toBeInTheDocument();
  });

  it('requires text, then at least 10 characters, and says so', async () => {
    const { user, dialog, onSubmit } = await openDialog();
    const text = within(dialog).getByRole('textbox', { name: 'What happened?' });
    const send = within(dialog).getByRole('button', { name: 'Send Report' });

    await user.click(send);
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('Required');
    expect(text).toHaveFocus();

    await user.type(text, '   short  ');
    expect(within(dialog).getByText('Please write at least 10 characters')).toBeInTheDocument();
    await user.click(send);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(text, 'er than that');
    expect(within(dialog).queryByText('Please write at least 10 characters')).toBeNull();
    expect(text).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed text with a busy button, then closes and gives focus back', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, dialog } = await openDialog(onSubmit);
    await user.type(within(dialog).getByRole('textbox'), '  The player stops after a minute  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));

    expect(onSubmit).toHaveBeenCalledWith('The player stops after a minute');
    const busy = within(dialog).getByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report a problem' })).toHaveFocus();
  });

  it('keeps the text and says so when sending fails', async () => {
    const { user, dialog } = await openDialog(vi.fn(() => Promise.reject(new Error('offline'))));
    await user.type(within(dialog).getByRole('textbox'), 'Nothing happens when I press record');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be sent');
    expect(within(dialog).getByRole('textbox')).toHaveValue('Nothing happens when I press record');
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report a problem' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByText('How and where does it happen?'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const send = within(dialog).getByRole('button', { name: 'Send Report' });
    send.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();
  });
});
