import { describe, expect, it } from 'vitest';
import { currentChoice, dateInputValue, expiryFor } from './expiry.ts';

const now = new Date(2026, 10, 28, 15, 30);

describe('expiry choices', () => {
  it('never is no date; a number of days counts from now', () => {
    expect(expiryFor('never', '', now)).toEqual({ ok: true, expiryDate: null });
    expect(expiryFor('7', '', now)).toEqual({ ok: true, expiryDate: new Date(2026, 11, 5, 15, 30).toISOString() });
  });

  it('a picked day lasts until its last second where the person is; today still counts', () => {
    expect(expiryFor('date', '2026-12-24', now)).toEqual({ ok: true, expiryDate: new Date(2026, 11, 24, 23, 59, 59).toISOString() });
    expect(expiryFor('date', dateInputValue(now), now)).toEqual({ ok: true, expiryDate: new Date(2026, 10, 28, 23, 59, 59).toISOString() });
  });

  it('refuses no day and a past day, saying what to do', () => {
    expect(expiryFor('date', '', now)).toEqual({ ok: false, msg: 'Choose the day it should stop being available.' });
    expect(expiryFor('date', '2026-11-27', now)).toEqual({ ok: false, msg: 'Choose today or a later day.' });
  });

  it('opens on the current expiry day, or on never', () => {
    expect(currentChoice(null)).toEqual({ choice: 'never', day: '' });
    expect(currentChoice(new Date(2026, 11, 24, 23, 59, 59).toISOString())).toEqual({ choice: 'date', day: '2026-12-24' });
  });
});
