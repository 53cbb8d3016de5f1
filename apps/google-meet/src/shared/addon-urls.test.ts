import { describe, expect, it } from 'vitest';
import { mainStageUrl, projectNumberOf, recordingIdOf } from './addon-urls.ts';

describe('the add-on’s addresses', () => {
  it('reads the Cloud project number, and only a number', () => {
    expect(projectNumberOf('?project=123456789012')).toBe('123456789012');
    for (const search of ['', '?project=', '?project=CLOUD_PROJECT_NUMBER', '?project=12a', '?project=1%0A2']) {
      expect(projectNumberOf(search), search).toBeNull();
    }
  });

  it('builds the main stage that plays a message, on our origin, and reads its id back', () => {
    const url = mainStageUrl('https://vocal.example.com', '42', 'AbCdEf123456');
    expect(url).toBe('https://vocal.example.com/hosts/google-meet/main-stage.html?project=42&id=AbCdEf123456');
    // Meet takes a starting state's URL only under 512 characters.
    expect(url.length).toBeLessThan(512);
    expect(recordingIdOf(new URL(url).search)).toBe('AbCdEf123456');
    expect(recordingIdOf('?id=../../x')).toBeNull();
  });
});
