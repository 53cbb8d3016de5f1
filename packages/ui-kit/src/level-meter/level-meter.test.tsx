import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelMeter, levelStep } from './level-meter.tsx';

describe('LevelMeter', () => {
  it('is a meter with its value as a percentage', () => {
    render(<LevelMeter value={0.42} />);
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    expect(meter).toHaveAttribute('aria-valuenow', '42');
    expect(meter).toHaveAttribute('aria-valuetext', '42%');
    expect(meter.querySelectorAll('[data-lit]')).toHaveLength(10);
  });

  it('is red only in the top segments (above -3 dBFS), not at a speaking level', () => {
    const { container, rerender } = render(<LevelMeter value={0.8} />);
    const hot = () => container.querySelectorAll('[data-lit][data-hot]').length;
    // 2 of 24 segments: the top twelfth of a 60 dB scale is the last 5 dB.
    expect(container.querySelectorAll('[data-hot]')).toHaveLength(2);
    // 0.8 is -12 dBFS: a loud speaking voice.
    expect(hot()).toBe(0);
    rerender(<LevelMeter value={0.99} />);
    expect(hot()).toBe(2);
  });

  it.each([
    [-1, '0'],
    [3, '100'],
    [Number.NaN, '0'],
  ])('clamps %s to %s', (value, now) => {
    render(<LevelMeter value={value} label="Input" />);
    expect(screen.getByRole('meter', { name: 'Input' })).toHaveAttribute('aria-valuenow', now);
  });

  it('holds a live level as the step the meter shows, so equal steps redraw nothing', () => {
    // 24 segments: 0.41 and 0.43 light the same ten, and are held as the same number.
    expect(levelStep(0.41)).toBe(levelStep(0.43));
    expect(levelStep(0.41)).toBe(10 / 24);
    expect(levelStep(0.5)).not.toBe(levelStep(0.6));
    expect([levelStep(-1), levelStep(3), levelStep(Number.NaN)]).toEqual([0, 1, 0]);
    expect(levelStep(0.5, 4)).toBe(0.5);
  });
});
