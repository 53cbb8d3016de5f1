import { describe, expect, it } from 'vitest';
import { formatMessageDate, messageTitle } from './message-title.ts';

const now = new Date(2026, 10, 30, 12, 0);

describe('message titles', () => {
  it('is the subject when there is one', () => {
    expect(messageTitle({ subject: 'Quote for the roof', uploadDate: now.toISOString(), audioUrl: 'https://x/a.mp3' })).toBe(
      'Quote for the roof',
    );
  });

  it('names an untitled message by its kind and time, day first on a 24-hour clock', () => {
    const uploadDate = new Date(2026, 10, 23, 14, 5).toISOString();
    expect(messageTitle({ subject: null, uploadDate, audioUrl: 'https://x/a.mp3' }, now)).toBe('Voice message · 23 Nov, 14:05');
    expect(messageTitle({ subject: '  ', uploadDate, audioUrl: null }, now)).toBe('Written message · 23 Nov, 14:05');
  });

  it('adds the year only for another year', () => {
    expect(formatMessageDate(new Date(2025, 0, 2, 9, 30).toISOString(), now)).toBe('2 Jan 2025, 09:30');
  });
});
