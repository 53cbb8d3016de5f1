import { describe, expect, it } from 'vitest';
import { readDialogQuery } from './dialog-mode.ts';

describe('the dialog’s query string', () => {
  it('names the mode and, for sign-in, an address to prefill', () => {
    expect(readDialogQuery('?mode=sign-in&email=ada%40example.com')).toEqual({ mode: 'sign-in', email: 'ada@example.com' });
    expect(readDialogQuery('?mode=record&_host_Info=outlook')).toEqual({ mode: 'record' });
  });

  it('drops an address that is not one, and refuses an unknown mode', () => {
    expect(readDialogQuery('?mode=sign-in&email=<script>')).toEqual({ mode: 'sign-in' });
    expect(readDialogQuery('?mode=admin')).toBeNull();
    expect(readDialogQuery('')).toBeNull();
  });
});
