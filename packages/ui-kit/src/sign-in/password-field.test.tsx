import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateAccountForm } from './create-account-form.tsx';
import { PasswordField } from './password-field.tsx';

describe('PasswordField', () => {
  it('shows and hides what was typed with a pressed-state toggle reached by Tab', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" defaultValue="" />);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.type(input, 'secret words');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('CreateAccountForm', () => {
  it('needs a name, sends it with the password, and puts the server’s field messages on their field', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, message: 'password: is one of the most common passwords; choose one that is harder to guess' })
      .mockResolvedValueOnce({ ok: true });
    const user = userEvent.setup();
    render(<CreateAccountForm initialEmail="ada@example.com" initialPassword="password1" onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter the name people will see')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Your name'), '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Ada Lovelace', password: 'password1' });
    expect(await screen.findByText('Password is one of the most common passwords; choose one that is harder to guess')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a much better passphrase{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ email: 'ada@example.com', name: 'Ada Lovelace', password: 'a much better passphrase' });
  });
});
