import { describe, expect, it } from 'vitest';
import { createFakeHostAdapter } from './fake-host-adapter.ts';
import { hasCapability } from './host-adapter.ts';
import { describeHostAdapterContract } from './host-adapter-contract.ts';
import { shareHtml, shareText, shareTitle, truncateCaption } from './share-text.ts';

describeHostAdapterContract('the fake host adapter', () => {
  const fake = createFakeHostAdapter();
  return {
    adapter: fake.adapter,
    insertedContent: () => fake.inserted.map(shareHtml),
    attachedNames: () => fake.calls.flatMap((call) => (call.name === 'attachAudio' ? [call.attachment.name] : [])),
  };
});

describe('capabilities', () => {
  it('are present only when the host has them', () => {
    const bare = createFakeHostAdapter({ capabilities: { attachAudio: false, signInWithDialog: false, recordInWindow: false } });
    expect(hasCapability(bare.adapter, 'recordInWindow')).toBe(false);
    expect(hasCapability(createFakeHostAdapter().adapter, 'recordInWindow')).toBe(true);
  });

  it('plays for everyone only when asked to, and says when the host refused', async () => {
    expect(hasCapability(createFakeHostAdapter().adapter, 'playForEveryone')).toBe(false);
    const meeting = createFakeHostAdapter({ capabilities: { playForEveryone: true } });
    const share = {
      id: 'x1234567',
      url: 'https://vocal.example/listen/x1234567',
      title: 'Hi',
      message: null,
      imageUrl: '',
      durationSeconds: 3,
    };
    expect(await meeting.adapter.playForEveryone?.(share)).toEqual({ inserted: true });
    expect(meeting.calls).toContainEqual({ name: 'playForEveryone', share });
    const refused = createFakeHostAdapter({ capabilities: { playForEveryone: true }, refusePlay: 'Not in this meeting' });
    expect(await refused.adapter.playForEveryone?.(share)).toEqual({ inserted: false, reason: 'Not in this meeting' });
  });
});

describe('share text', () => {
  const share = {
    id: 'x1234567',
    url: 'https://vocal.example/listen/x1234567?a=1&b=2',
    title: 'Tom & Jerry <3',
    message: 'Listen "now"',
    imageUrl: 'https://vocal.example/files/x1234567.png',
    durationSeconds: 3,
  };

  it('escapes every user-set string in HTML', () => {
    expect(shareHtml(share)).toBe(
      '<p>Listen &#34;now&#34;<br>🎙️ <a href="https://vocal.example/listen/x1234567?a=1&#38;b=2">Tom &#38; Jerry &#60;3</a></p>',
    );
  });

  it('writes plain text as the message then the link', () => {
    expect(shareText(share)).toBe('Listen "now"\nhttps://vocal.example/listen/x1234567?a=1&b=2');
    expect(shareText({ ...share, message: null })).toBe(share.url);
  });

  it('titles a message by its subject or the default', () => {
    expect(shareTitle('  Budget ')).toBe('Budget');
    expect(shareTitle('')).toBe('Listen to my voice message');
    expect(shareTitle(null)).toBe('Listen to my voice message');
  });

  it('truncates captions at 50 characters, or the limit given', () => {
    expect(truncateCaption('a'.repeat(50))).toBe('a'.repeat(50));
    expect(truncateCaption('a'.repeat(51))).toBe(`${'a'.repeat(49)}…`);
    expect(truncateCaption('b'.repeat(201), 200)).toHaveLength(200);
  });
});
