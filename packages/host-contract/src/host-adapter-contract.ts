import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@vocal/settings-model';
import { OPTIONAL_CAPABILITIES, type ConversationReply, type HostAdapter, type Share } from './host-adapter.ts';

/** What a host's test gives the contract: the adapter, and a window onto what the host received. */
export type ContractHarness = {
  adapter: HostAdapter;
  /** Everything insertShare and insertReply put into the host (HTML or text), oldest first. */
  insertedContent(): string[];
  /** Names of the files attachAudio gave the host, when the adapter has it. */
  attachedNames?(): string[];
};

/**
 * The inline style of a link in the Light preset's accent (sampleShare's, and a new account's
 * signature theme), written out so hosts' tests assert the exact HTML they insert rather than
 * recompute it with shareHtml.
 */
export const LIGHT_LINK_STYLE =
  'display:inline-block;padding:6px 14px;border-radius:16px;background-color:#2271E1;color:#FFFFFF;font-weight:600;text-decoration:none';

export const sampleReply = (overrides: Partial<ConversationReply> = {}): ConversationReply => ({
  kind: 'voice',
  from: 'Ana Lima',
  text: 'Thanks, the numbers look right to me.',
  url: 'https://vocal.example/listen/Reply0000001',
  ...overrides,
});

export const sampleShare = (overrides: Partial<Share> = {}): Share => ({
  id: 'AbCdEf123456',
  url: 'https://vocal.example/listen/AbCdEf123456',
  title: 'Quarterly numbers',
  message: 'Hey, check out my voice message!',
  imageUrl: 'https://vocal.example/files/AbCdEf123456.png',
  durationSeconds: 12,
  // The Light preset's accent: what a new account's signature theme gives.
  accent: { background: '#2271E1', text: '#FFFFFF' },
  ...overrides,
});

/**
 * The behaviour every host adapter shares. Each adapter's test calls this with a factory
 * that builds the adapter over a fake of its host SDK.
 */
export function describeHostAdapterContract(name: string, makeHarness: () => ContractHarness | Promise<ContractHarness>): void {
  describe(`${name} honours the host-adapter contract`, () => {
    it('names a platform of the spec', async () => {
      const { adapter } = await makeHarness();
      expect(PLATFORMS).toContain(adapter.platform);
    });

    it('becomes ready with a context object', async () => {
      const { adapter } = await makeHarness();
      const context = await adapter.ready();
      expect(typeof context).toBe('object');
      expect(context).not.toBeNull();
    });

    it('inserts the listen link and the signature message', async () => {
      const harness = await makeHarness();
      await harness.adapter.ready();
      const outcome = await harness.adapter.insertShare(sampleShare());
      expect(outcome.inserted).toBe(true);
      const last = harness.insertedContent().at(-1) ?? '';
      expect(last).toContain('https://vocal.example/listen/AbCdEf123456');
      expect(last).toContain('Hey, check out my voice message!');
    });

    it('inserts the link alone when the signature is off', async () => {
      const harness = await makeHarness();
      await harness.adapter.ready();
      await harness.adapter.insertShare(sampleShare({ message: null }));
      const last = harness.insertedContent().at(-1) ?? '';
      expect(last).toContain('https://vocal.example/listen/AbCdEf123456');
      expect(last).not.toContain('check out my voice message');
    });

    it('keeps markup in user-set strings as text', async () => {
      const harness = await makeHarness();
      await harness.adapter.ready();
      await harness.adapter.insertShare(sampleShare({ title: '<img src=x onerror=alert(1)>', message: '<script>alert(1)</script>' }));
      const last = harness.insertedContent().at(-1) ?? '';
      expect(last).not.toMatch(/<script|<img/i);
    });

    it('inserts every message it is given, not just the first', async () => {
      const harness = await makeHarness();
      await harness.adapter.ready();
      const before = harness.insertedContent().length;
      await harness.adapter.insertShare(sampleShare({ id: 'first000001', url: 'https://vocal.example/listen/first000001' }));
      await harness.adapter.insertShare(sampleShare({ id: 'second00001', url: 'https://vocal.example/listen/second00001' }));
      const added = harness.insertedContent().slice(before).join('\n');
      expect(added).toContain('first000001');
      expect(added).toContain('second00001');
    });

    it('offers optional capabilities only as functions', async () => {
      const { adapter } = await makeHarness();
      for (const capability of OPTIONAL_CAPABILITIES) {
        const value = adapter[capability];
        expect(value === undefined || typeof value === 'function', capability).toBe(true);
      }
    });

    it('puts a reply into the conversation, with who sent it, its words and its link, when it can', async () => {
      const harness = await makeHarness();
      if (!harness.adapter.insertReply) return;
      await harness.adapter.ready();
      const outcome = await harness.adapter.insertReply(sampleReply());
      expect(outcome.inserted).toBe(true);
      const last = harness.insertedContent().at(-1) ?? '';
      expect(last).toContain('https://vocal.example/listen/Reply0000001');
      expect(last).toContain('Ana Lima');
      expect(last).toContain('the numbers look right to me');
    });

    it('keeps markup in a reply as text', async () => {
      const harness = await makeHarness();
      if (!harness.adapter.insertReply) return;
      await harness.adapter.ready();
      await harness.adapter.insertReply(
        sampleReply({ kind: 'written', from: '<img src=x onerror=alert(1)>', text: '<script>alert(1)</script>' }),
      );
      const last = harness.insertedContent().at(-1) ?? '';
      expect(last).not.toMatch(/<script|<img/i);
    });

    it('attaches the MP3 under the given name when it can', async () => {
      const harness = await makeHarness();
      if (!harness.adapter.attachAudio) return;
      await harness.adapter.ready();
      await harness.adapter.attachAudio({ blob: new Blob([new Uint8Array([0xff, 0xfb])], { type: 'audio/mpeg' }), name: 'Voice memo.mp3' });
      expect(harness.attachedNames?.()).toContain('Voice memo.mp3');
    });
  });
}
