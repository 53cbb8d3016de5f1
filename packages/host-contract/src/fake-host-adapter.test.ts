import { describe, expect, it } from 'vitest';
import { createFakeHostAdapter } from './fake-host-adapter.ts';
import { hasCapability } from './host-adapter.ts';
import { describeHostAdapterContract, LIGHT_LINK_STYLE, sampleReply, sampleShare } from './host-adapter-contract.ts';
import {
  conversationReplyHtml,
  conversationReplyText,
  shareHtml,
  shareHtmlParts,
  shareText,
  shareTitle,
  truncateCaption,
} from './share-text.ts';

describeHostAdapterContract('the fake host adapter', () => {
  const fake = createFakeHostAdapter({ capabilities: { insertReply: true } });
  return {
    adapter: fake.adapter,
    insertedContent: () =>
      fake.calls.flatMap((call) =>
        call.name === 'insertShare' ? [shareHtml(call.share)] : call.name === 'insertReply' ? [conversationReplyHtml(call.reply)] : [],
      ),
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
      accent: null,
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
    accent: null,
  };
  const button = (background: string, text: string) =>
    `display:inline-block;padding:6px 14px;border-radius:16px;background-color:${background};color:${text};font-weight:600;text-decoration:none`;

  it('escapes every user-set string in HTML, and draws a plain link without an accent', () => {
    expect(shareHtml(share)).toBe(
      '<p>Listen &#34;now&#34;<br>🎙️ <a href="https://vocal.example/listen/x1234567?a=1&#38;b=2">Tom &#38; Jerry &#60;3</a></p>',
    );
  });

  it('draws the link as a button in the accent’s colours, with inline styles only', () => {
    expect(shareHtml({ ...share, accent: { background: '#8068AC', text: '#FFFFFF' } })).toBe(
      '<p>Listen &#34;now&#34;<br>🎙️ <a href="https://vocal.example/listen/x1234567?a=1&#38;b=2" ' +
        `style="${button('#8068AC', '#FFFFFF')}">Tom &#38; Jerry &#60;3</a></p>`,
    );
    expect(shareHtml({ ...share, message: null, accent: { background: '#FFFF00', text: '#111111' } })).toBe(
      `<p>🎙️ <a href="https://vocal.example/listen/x1234567?a=1&#38;b=2" style="${button('#FFFF00', '#111111')}">Tom &#38; Jerry &#60;3</a></p>`,
    );
  });

  it('writes sampleShare’s link in the style the hosts’ tests expect', () => {
    expect(shareHtml(sampleShare())).toBe(
      `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
    );
  });

  it('names its parts, for a page that draws them without markup', () => {
    expect(shareHtmlParts({ ...share, accent: { background: '#8068AC', text: '#FFFFFF' } })).toEqual({
      message: 'Listen "now"',
      url: share.url,
      title: 'Tom & Jerry <3',
      linkStyle: [
        ['display', 'inline-block'],
        ['padding', '6px 14px'],
        ['border-radius', '16px'],
        ['background-color', '#8068AC'],
        ['color', '#FFFFFF'],
        ['font-weight', '600'],
        ['text-decoration', 'none'],
      ],
    });
    expect(shareHtmlParts({ ...share, message: '' })).toMatchObject({ message: null, linkStyle: null });
  });

  it('draws a plain link when an accent is not #RRGGBB: nothing leaves the style attribute', () => {
    for (const accent of [
      { background: 'red', text: '#FFFFFF' },
      { background: '#2271E1"><script>alert(1)</script>', text: '#FFFFFF' },
      { background: '#2271E1', text: '#FFF;background:url(https://evil.example)' },
    ]) {
      expect(shareHtml({ ...share, accent })).toBe(shareHtml(share));
    }
  });

  it('writes plain text as the message then the link, whatever the accent', () => {
    expect(shareText(share)).toBe('Listen "now"\nhttps://vocal.example/listen/x1234567?a=1&b=2');
    expect(shareText({ ...share, message: null })).toBe(share.url);
    expect(shareText({ ...share, accent: { background: '#8068AC', text: '#FFFFFF' } })).toBe(shareText(share));
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

describe('a reply put into a conversation', () => {
  it('is a link naming what it is and who sent it, then its words quoted', () => {
    expect(conversationReplyHtml(sampleReply())).toBe(
      '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana Lima</a></p>' +
        '<blockquote>Thanks, the numbers look right to me.</blockquote>',
    );
    expect(conversationReplyText(sampleReply({ kind: 'written', text: 'Call me' }))).toBe(
      'Comment from Ana Lima: “Call me”\nhttps://vocal.example/listen/Reply0000001',
    );
  });

  it('leaves out the quote while a voice reply has no transcript', () => {
    expect(conversationReplyHtml(sampleReply({ text: null }))).not.toContain('blockquote');
    expect(conversationReplyText(sampleReply({ text: '  ' }))).toBe('Voice reply from Ana Lima\nhttps://vocal.example/listen/Reply0000001');
  });

  it('escapes what the sender wrote, and the link', () => {
    const html = conversationReplyHtml(sampleReply({ from: 'A<b>', text: '"x" & <y>', url: 'https://vocal.example/listen/a"b' }));
    expect(html).toContain('A&#60;b&#62;');
    expect(html).toContain('&#34;x&#34; &#38; &#60;y&#62;');
    expect(html).toContain('href="https://vocal.example/listen/a&#34;b"');
  });
});
