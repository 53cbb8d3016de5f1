import { describe, expect, it } from 'vitest';
import { joinUrl } from './url.ts';

describe('joinUrl', () => {
  it('collapses duplicate slashes but keeps the scheme', () => {
    expect(joinUrl('https://app.example.com/api/', '/audio')).toBe('https://app.example.com/api/audio');
    expect(joinUrl('https://app.example.com//api', 'view-vocal//abc')).toBe('https://app.example.com/api/view-vocal/abc');
    expect(joinUrl('http://localhost:3000/api', 'get-vocal')).toBe('http://localhost:3000/api/get-vocal');
    expect(joinUrl('/api/', '/audio')).toBe('/api/audio');
  });
});
