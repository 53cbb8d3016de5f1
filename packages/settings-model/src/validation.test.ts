import { describe, expect, it } from 'vitest';
import { emailSchema, hostnameSchema, httpUrlSchema, recordingIdSchema, reportIssueTextSchema, userNameSchema } from './validation.ts';

describe('validation rules (spec section 5)', () => {
  it('names default to "You" when empty, null or blank', () => {
    expect(userNameSchema.parse('')).toBe('You');
    expect(userNameSchema.parse('   ')).toBe('You');
    expect(userNameSchema.parse(null)).toBe('You');
    expect(userNameSchema.parse(undefined)).toBe('You');
    expect(userNameSchema.parse('  Ada  ')).toBe('Ada');
    expect(userNameSchema.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('emails must be valid and are lowercased', () => {
    expect(emailSchema.parse(' Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of ['ada', 'ada@', '@example.com', 'a b@example.com', '']) {
      const result = emailSchema.safeParse(bad);
      expect(result.success).toBe(false);
    }
    expect(emailSchema.safeParse('ada').error?.issues[0]?.message).toBe('must be a valid email address');
  });

  it('URLs must be absolute http or https', () => {
    expect(httpUrlSchema.parse('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(httpUrlSchema.parse('http://localhost:3000')).toBe('http://localhost:3000');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://x.org', 'not a url']) {
      expect(httpUrlSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('a report needs at least 10 characters, and says "Required" when empty', () => {
    expect(reportIssueTextSchema.safeParse('').error?.issues[0]?.message).toBe('Required');
    expect(reportIssueTextSchema.safeParse('too short').error?.issues[0]?.message).toBe('Please write at least 10 characters');
    expect(reportIssueTextSchema.parse('  exactly10!  ')).toBe('exactly10!');
  });

  it('recording ids are URL-safe', () => {
    expect(recordingIdSchema.safeParse('Ab3_-xYz9Q1w').success).toBe(true);
    for (const bad of ['../etc/passwd', 'a b', 'x', 'a'.repeat(65), 'id.mp3']) {
      expect(recordingIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('custom domains are bare host names, lowercased', () => {
    expect(hostnameSchema.parse(' Voice.Example.COM ')).toBe('voice.example.com');
    expect(hostnameSchema.parse('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    for (const bad of [
      'localhost',
      'https://voice.example.com',
      'voice.example.com:8080',
      'voice.example.com/x',
      '1.2.3.4',
      '-a.example.com',
      'a..example.com',
      'a b.example.com',
      `${'a'.repeat(64)}.example.com`,
    ]) {
      expect(hostnameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
