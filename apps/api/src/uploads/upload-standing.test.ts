import { describe, expect, it } from 'vitest';
import type { UploadStanding } from './upload-standing.ts';
import { createUploadStandings } from './upload-standing.ts';

const standing = (roomBytes: number) => ({ reservation: {}, roomBytes }) as unknown as UploadStanding;

describe('upload standings', () => {
  it('hold what was checked for one writer of one upload, for a few seconds', () => {
    let now = 1_000;
    const standings = createUploadStandings({ now: () => now, keepMs: 5_000 });
    standings.set('upload-a', 'owner 7', standing(100));
    expect(standings.get('upload-a', 'owner 7')?.roomBytes).toBe(100);
    // Another writer, or another upload, finds nothing: it is checked for itself.
    expect(standings.get('upload-a', 'owner 8')).toBeNull();
    expect(standings.get('upload-b', 'owner 7')).toBeNull();
    now += 4_999;
    expect(standings.get('upload-a', 'owner 7')?.roomBytes).toBe(100);
    now += 1;
    expect(standings.get('upload-a', 'owner 7')).toBeNull();
  });

  it('forget every writer of an upload that ended, and no other upload', () => {
    const standings = createUploadStandings();
    standings.set('upload-a', 'owner 7', standing(1));
    standings.set('upload-a', 'visitor 10.0.0.1', standing(2));
    standings.set('upload-ab', 'owner 7', standing(3));
    standings.forget('upload-a');
    expect(standings.get('upload-a', 'owner 7')).toBeNull();
    expect(standings.get('upload-a', 'visitor 10.0.0.1')).toBeNull();
    expect(standings.get('upload-ab', 'owner 7')?.roomBytes).toBe(3);
  });

  it('let go of stale entries once many are kept', () => {
    let now = 0;
    const standings = createUploadStandings({ now: () => now, keepMs: 10 });
    for (let index = 0; index < 1_000; index++) standings.set(`old-${index}`, 'owner 1', standing(index));
    now = 11;
    standings.set('new', 'owner 1', standing(5));
    now = 0;
    // Had the stale ones stayed, going back in time would find them fresh again.
    expect(standings.get('old-1', 'owner 1')).toBeNull();
    expect(standings.get('new', 'owner 1')?.roomBytes).toBe(5);
  });
});
