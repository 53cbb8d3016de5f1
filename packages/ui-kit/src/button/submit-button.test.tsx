import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button.tsx';

describe('SubmitButton', () => {
  it('sends the form once on Enter in a field, and the browser never submits it itself', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const nativeSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form ref={(form) => form?.addEventListener('submit', nativeSubmit)}>
        <input aria-label="Email" />
        <SubmitButton onSubmit={onSubmit}>Send</SubmitButton>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(nativeSubmit).not.toHaveBeenCalled();
  });
});
