import { describe, expect, it } from 'vitest';
import { dateTitle, limitLength, limitNotice } from './review-text.ts';

describe('review text', () => {
  it('names an untitled message by its date', () => {
    expect(dateTitle(new Date(2026, 10, 23, 14, 5))).toBe('Voice message · 23 Nov, 14:05');
  });

  it('says a limit the way people do', () => {
    expect(limitLength(60)).toBe('1-minute');
    expect(limitLength(300)).toBe('5-minute');
    expect(limitLength(90)).toBe('90-second');
    expect(limitNotice(60, 'Free')).toBe('Stopped at the 1-minute limit of Free.');
    expect(limitNotice(300, undefined)).toBe('Stopped at the 5-minute limit.');
  });
});
