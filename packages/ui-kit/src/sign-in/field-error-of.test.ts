import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from './field-error-of.ts';

describe('fieldErrorOf', () => {
  it('puts a message naming a field on that field, with its label in front', () => {
    expect(fieldErrorOf('password: must be at least 10 characters', { email: 'Email', password: 'Password' })).toEqual({
      password: 'Password must be at least 10 characters',
    });
  });

  it('keeps any other message for the whole form', () => {
    expect(fieldErrorOf('Wrong email or password', { email: 'Email', password: 'Password' })).toEqual({ form: 'Wrong email or password' });
    expect(fieldErrorOf('name:missing space', { name: 'Name' })).toEqual({ form: 'name:missing space' });
  });
});
