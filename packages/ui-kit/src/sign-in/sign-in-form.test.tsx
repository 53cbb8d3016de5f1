import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInForm } from './sign-in-form.tsx';

describe('SignInForm', () => {
  it('checks the fields before sending, then sends once', async () => {
    const onSubmit = vi.fn(async () => ({ ok: true as const }));
    const user = userEvent.setup();
    render(<SignInForm onSubmit={onSubmit} initialEmail="ada@example.com" />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse' });
  });

  it('puts the server’s message on its field, or above the button', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, message: 'email: must be a valid email address' })
      .mockResolvedValueOnce({ ok: false, message: 'password: is one of the most common passwords; choose one that is harder to guess' })
      .mockResolvedValueOnce({ ok: false, message: 'Wrong password for this email address' });
    const user = userEvent.setup();
    render(<SignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'x@y');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is one of the most common passwords; choose one that is harder to guess')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password for this email address');
  });

  it('shows an "info" answer as a status with the next step, not as an error', async () => {
    const onSubmit = vi.fn(async () => ({ ok: false as const, message: 'No account for ada@example.com yet', tone: 'info' as const }));
    const user = userEvent.setup();
    render(
      <SignInForm
        onSubmit={onSubmit}
        initialEmail="ada@example.com"
        failureAction={(credentials) => <button type="button">Create an account for {credentials.email}</button>}
      />,
    );
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('No account for ada@example.com yet');
    expect(screen.getByRole('button', { name: 'Create an account for ada@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
