import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelMeter } from './level-meter.tsx';

describe('LevelMeter', () => {
  it('is a meter with its value as a percentage', () => {
    render(<LevelMeter value={0.42} />);
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    expect(meter).toHaveAttribute('aria-valuenow', '42');
    expect(meter).toHaveAttribute('aria-valuetext', '42%');
    expect(meter.querySelectorAll('[data-lit]')).toHaveLength(10);
  });

  it.each([
    [-1, '0'],
    [3, '100'],
    [Number.NaN, '0'],
  ])('clamps %s to %s', (value, now) => {
    render(<LevelMeter value={value} label="Input" />);
    expect(screen.getByRole('meter', { name: 'Input' })).toHaveAttribute('aria-valuenow', now);
  });
});
