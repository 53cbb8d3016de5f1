import { describe, expect, it } from 'vitest';
import { sampleShare } from '@vocal/host-contract/contract';
import { createAddOn } from './add-on.ts';
import { createFakeHandoffServer } from './testing/fake-handoff-server.ts';
import { createFakeAppsScript, type FetchAnswer, type FetchHandler } from './testing/fake-services.ts';
import type { FakeDocument } from './testing/fake-document-app.ts';

const BASE = 'https://vocal.example.com';
// A 1024×256 PNG's header is all the fake reads of the waveform.
const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 4, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0,
]);

function setup(document?: FakeDocument, extra?: (request: Parameters<FetchHandler>[0]) => FetchAnswer | undefined) {
  const server = createFakeHandoffServer(BASE);
  const fetch: FetchHandler = (request) => {
    if (request.url === sampleShare().imageUrl) return { status: 200, body: '', bytes: png, contentType: 'image/png' };
    return extra?.(request) ?? server.handler(request);
  };
  const fakes = createFakeAppsScript({ fetch, document });
  const addOn = createAddOn(fakes.services, BASE, () => new Date(Date.UTC(2030, 0, 1, 12, 0)));
  return { server, addOn, ...fakes };
}

describe('the Google Docs add-on', () => {
  it('adds its menu item on open and on install', () => {
    const { addOn, document } = setup();
    addOn.onOpen();
    addOn.onInstall();
    const menu = [['Ui.createAddonMenu'], ['Menu.addItem', 'Record a voice message', 'showVocalSidebar'], ['Menu.addToUi']];
    expect(document.calls).toEqual([...menu, ...menu]);
  });

  it('opens the sidebar framing our record page with a new code, the secret kept in the user’s properties', () => {
    const { addOn, document, htmlCalls, requests, userProperties } = setup();
    addOn.showVocalSidebar();
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', `${BASE}/api/recording-handoff`, '{"host":"google-docs"}'],
    ]);
    expect(htmlCalls).toEqual([
      ['createTemplateFromFile', 'sidebar'],
      ['evaluate', { recordUrl: `${BASE}/record/google-workspace?handoff=handoff1`, handoffId: 'handoff1', appOrigin: BASE, problem: '' }],
      ['setTitle', 'Vocal'],
    ]);
    expect(document.calls).toEqual([['Ui.showSidebar', 'Vocal']]);
    const html = document.sidebars[0]!;
    expect(html).toContain(`data-src="${BASE}/record/google-workspace?handoff=handoff1"`);
    expect(html).toContain('allow="microphone; clipboard-write"');
    expect(html).not.toContain('secret');
    expect(JSON.parse(userProperties.get('vocal.docs.handoff.handoff1')!)).toMatchObject({ secret: 'secret-handoff1' });
  });

  it('says in the sidebar when no code could be had', () => {
    const { addOn, document } = setup(undefined, () => ({ status: 503, body: '{"msg":"Down for maintenance"}' }));
    addOn.showVocalSidebar();
    expect(document.sidebars[0]).toContain(
      'data-problem="Vocal answered: Down for maintenance Close this sidebar and open it again in a moment."',
    );
  });

  it('waits, then inserts the title linked at the cursor with the waveform after it, once', () => {
    const { addOn, server, document, userProperties } = setup();
    addOn.showVocalSidebar();
    expect(addOn.claimVocalRecording('handoff1', true)).toEqual({ status: 'waiting' });
    expect(document.calls).toEqual([['Ui.showSidebar', 'Vocal']]);

    server.deliver('handoff1', sampleShare());
    expect(addOn.claimVocalRecording('handoff1', true)).toEqual({
      status: 'inserted',
      title: 'Quarterly numbers',
      url: 'https://vocal.example/listen/AbCdEf123456',
      place: 'cursor',
    });
    expect(document.calls.slice(1)).toEqual([
      ['Position.insertInlineImage', '<blob image/png 29 bytes>'],
      ['InlineImage.setHeight', 80],
      ['InlineImage.setWidth', 320],
      ['Position.insertText', 'Quarterly numbers'],
      ['Text.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
    ]);
    expect(document.document.paragraphs[0]!.map((run) => ('text' in run ? run : { image: run.width }))).toEqual([
      { text: 'Dear team,' },
      { text: 'Quarterly numbers', link: 'https://vocal.example/listen/AbCdEf123456' },
      { image: 320 },
    ]);
    expect(userProperties.size).toBe(0);
    expect(addOn.claimVocalRecording('handoff1', true)).toEqual({ status: 'expired' });
  });

  it('leaves the picture out when the sidebar’s box is unticked', () => {
    const { addOn, server, document, requests } = setup();
    addOn.showVocalSidebar();
    server.deliver('handoff1', sampleShare());
    addOn.claimVocalRecording('handoff1', false);
    expect(document.calls.slice(1)).toEqual([
      ['Position.insertText', 'Quarterly numbers'],
      ['Text.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
    ]);
    expect(requests.some((request) => request.url.endsWith('.png'))).toBe(false);
  });

  it('puts the link in a paragraph after the selection when there is no cursor', () => {
    const { addOn, server, document } = setup({
      paragraphs: [[{ text: 'One' }], [{ text: 'Two' }], [{ text: 'Three' }]],
      cursor: null,
      selection: [0, 1],
    });
    addOn.showVocalSidebar();
    server.deliver('handoff1', sampleShare());
    expect(addOn.claimVocalRecording('handoff1', false)).toMatchObject({ status: 'inserted', place: 'selection' });
    expect(document.calls.slice(1)).toEqual([
      ['Body.insertParagraph', 2, 'Quarterly numbers'],
      ['Paragraph.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
    ]);
  });

  it('appends at the end when there is neither cursor nor selection, or the cursor takes no text', () => {
    const nowhere = setup({ paragraphs: [[{ text: 'One' }]], cursor: null, selection: null });
    nowhere.addOn.showVocalSidebar();
    nowhere.server.deliver('handoff1', sampleShare());
    expect(nowhere.addOn.claimVocalRecording('handoff1', true)).toMatchObject({ place: 'end' });
    expect(nowhere.document.calls.slice(1)).toEqual([
      ['Body.appendParagraph', 'Quarterly numbers'],
      ['Paragraph.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
      ['Paragraph.appendInlineImage', '<blob image/png 29 bytes>'],
      ['InlineImage.setHeight', 80],
      ['InlineImage.setWidth', 320],
    ]);

    const refused = setup({ paragraphs: [[{ text: 'x' }]], cursor: { paragraph: 0, run: 0 }, selection: null, cursorRefuses: true });
    refused.addOn.showVocalSidebar();
    refused.server.deliver('handoff1', sampleShare());
    expect(refused.addOn.claimVocalRecording('handoff1', false)).toMatchObject({ place: 'end' });
    expect(refused.document.calls.slice(1)).toEqual([
      ['Position.insertText', 'Quarterly numbers'],
      ['Body.appendParagraph', 'Quarterly numbers'],
      ['Paragraph.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
    ]);
  });

  it('still inserts the link when the waveform cannot be fetched', () => {
    const { addOn, server, document } = setup(undefined, (request) =>
      request.url.endsWith('.png') ? { status: 404, body: '{"msg":"File not found"}' } : undefined,
    );
    addOn.showVocalSidebar();
    server.deliver('handoff1', sampleShare({ imageUrl: 'https://vocal.example/files/missing.png' }));
    expect(addOn.claimVocalRecording('handoff1', true)).toMatchObject({ status: 'inserted', place: 'cursor' });
    expect(document.calls.slice(1)).toEqual([
      ['Position.insertText', 'Quarterly numbers'],
      ['Text.setLinkUrl', 'https://vocal.example/listen/AbCdEf123456'],
    ]);
  });

  it('answers expired for an unknown, foreign or spent code, and reports a failing server', () => {
    const { addOn, server } = setup();
    expect(addOn.claimVocalRecording('nobody', true)).toEqual({ status: 'expired' });
    expect(addOn.claimVocalRecording(42, true)).toEqual({ status: 'expired' });
    addOn.showVocalSidebar();
    server.expire('handoff1');
    expect(addOn.claimVocalRecording('handoff1', true)).toEqual({ status: 'expired' });

    const down = setup(undefined, (request) => (request.url.endsWith('/claim') ? { status: 502, body: 'Bad gateway' } : undefined));
    down.addOn.showVocalSidebar();
    expect(down.addOn.claimVocalRecording('handoff1', true)).toEqual({ status: 'failed', message: 'Vocal answered 502.' });
  });

  it('gives the sidebar a new code for the next message, and forgets expired ones', () => {
    const { addOn, userProperties } = setup();
    userProperties.set('vocal.docs.handoff.old', JSON.stringify({ id: 'old', secret: 's', expiresAt: '2029-01-01T00:00:00.000Z' }));
    expect(addOn.newVocalHandoff()).toEqual({
      id: 'handoff1',
      recordUrl: `${BASE}/record/google-workspace?handoff=handoff1`,
      appOrigin: BASE,
    });
    expect([...userProperties.keys()]).toEqual(['vocal.docs.handoff.handoff1']);
  });
});
