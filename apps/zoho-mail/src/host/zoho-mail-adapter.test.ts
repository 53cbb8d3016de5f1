import { describeHostAdapterContract, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_REASON, COPY_IT_REASON, INSERT_FAILED, createZohoMailAdapter } from './zoho-mail-adapter.ts';
import { createFakeZohoMail, type FakeZohoMailOptions } from './zoho-fake-client.ts';
import type { ZohoWidgetLocation } from './zoho-sigma.ts';

function setup(options: FakeZohoMailOptions & { location?: ZohoWidgetLocation; clipboardWorks?: boolean } = {}) {
  const fake = createFakeZohoMail(options);
  const copied: string[] = [];
  const adapter = createZohoMailAdapter(fake.client, {
    location: options.location ?? 'zoho.mail.preview.rightpanel',
    copyText: async (text) => {
      if (options.clipboardWorks === false) return false;
      copied.push(text);
      return true;
    },
  });
  return { ...fake, adapter, copied };
}

describeHostAdapterContract('the Zoho Mail adapter in the widget panel', () => {
  const { adapter, inserted } = setup();
  return { adapter, insertedContent: inserted };
});

describe('the Zoho Mail adapter', () => {
  it('is the zoho-mail platform, and titles the message by the subject of the email being written', async () => {
    const { adapter, calls } = setup();
    expect(adapter.platform).toBe('zoho-mail');
    expect(await adapter.ready()).toEqual({ subject: 'Website design' });
    expect(calls).toEqual([{ method: 'get', args: [['currentComposeMailInfo']] }]);
  });

  it('becomes ready without a subject when no email is being written, or Zoho answers something else', async () => {
    expect(await setup({ composeInfo: null }).adapter.ready()).toEqual({});
    expect(await setup({ composeInfo: { subject: '   ' } }).adapter.ready()).toEqual({});
    expect(await setup({ composeInfo: 'garbage' }).adapter.ready()).toEqual({});
    expect(await setup({ composeInfo: { subject: 42 } }).adapter.ready()).toEqual({});
  });

  it('inserts the escaped HTML into the compose body with Zoho’s documented insert', async () => {
    const { adapter, calls, copied } = setup();
    const share = sampleShare({ title: 'Tom & Jerry', message: 'Hi <there>' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls).toEqual([
      {
        method: 'dispatch',
        args: [
          'compose',
          {
            mode: 'insert',
            mailData: `<p>Hi &#60;there&#62;<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
          },
        ],
      },
    ]);
    expect(copied).toEqual([]);
    expect(adapter.sendLabel).toBe('Add to email');
  });

  it('copies the link when Zoho refuses the insert, and says both', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { adapter, copied } = setup({ refuseInsert: { code: 'UNKNOWN' } });
    const outcome = await adapter.insertShare(sampleShare());
    expect(outcome).toEqual({ inserted: false, reason: `${INSERT_FAILED} ${COPIED_REASON}` });
    expect(copied).toEqual(['Hey, check out my voice message!\nhttps://vocal.example/listen/AbCdEf123456']);
    expect(warn).toHaveBeenCalledWith('Zoho Mail refused the compose insert', { code: 'UNKNOWN' });
    warn.mockRestore();
  });

  it('in the attachment picker, which has no compose insert, copies the link and asks the person to paste it', async () => {
    const { adapter, calls, copied } = setup({ location: 'zoho.mail.attachment.popup' });
    expect(await adapter.insertShare(sampleShare({ message: null }))).toEqual({ inserted: false, reason: COPIED_REASON });
    expect(copied).toEqual(['https://vocal.example/listen/AbCdEf123456']);
    expect(calls.filter((call) => call.method === 'dispatch')).toEqual([]);
    // Its confirm promises no more than a link.
    expect(adapter.sendLabel).toBeUndefined();
  });

  it('tells the person to copy the link by hand when the clipboard refuses too', async () => {
    const { adapter } = setup({ location: 'zoho.mail.attachment.popup', clipboardWorks: false });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: COPY_IT_REASON });
  });

  it('has no window or attachment capability of its own (Zoho has no window API)', () => {
    const { adapter } = setup();
    expect(hasCapability(adapter, 'recordInWindow')).toBe(false);
    expect(hasCapability(adapter, 'signInWithDialog')).toBe(false);
    expect(hasCapability(adapter, 'attachAudio')).toBe(false);
  });
});
