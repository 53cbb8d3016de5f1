import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is 24 px with a 3 px border by default and announces itself', () => {
    render(<Spinner />);
    const spinner = screen.getByRole('status', { name: 'Loading' });
    expect(spinner).toHaveStyle({ width: '24px', height: '24px', borderWidth: '3px' });
  });

  it.each([
    ['sm', '20px'],
    ['xs', '16px'],
  ] as const)('is %s: %s', (size, pixels) => {
    render(<Spinner size={size} label="Loading recordings" />);
    expect(screen.getByRole('status', { name: 'Loading recordings' })).toHaveStyle({
      width: pixels,
      height: pixels,
    });
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
