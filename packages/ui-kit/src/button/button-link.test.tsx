import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonLink } from './button-link.tsx';

describe('ButtonLink', () => {
  it('is a link with the button look', () => {
    render(
      <ButtonLink href="/record" size="sm">
        New recording
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'New recording' });
    expect(link).toHaveAttribute('href', '/record');
    expect(link).toHaveClass('vk-button', 'vk-button--primary', 'vk-button--sm');
  });
});
