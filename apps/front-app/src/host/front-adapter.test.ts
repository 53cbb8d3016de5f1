import { describeHostAdapterContract, sampleReply, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { createFrontAdapter, MOVED_ON, NOWHERE_TO_INSERT } from './front-adapter.ts';
import { conversationContext, createFakeFront, type FakeFrontOptions } from './front-fake-sdk.ts';

function setup(options: FakeFrontOptions = {}) {
  const front = createFakeFront(options);
  return { ...front, adapter: createFrontAdapter(front.contextUpdates) };
}

describeHostAdapterContract('the Front adapter', () => {
  const { adapter, bodies } = setup();
  return { adapter, insertedContent: bodies };
});

describe('the Front adapter', () => {
  it('is the front-app platform, and reads the teammate’s address and the conversation’s subject', async () => {
    const { adapter } = setup({ context: conversationContext({ subject: 'Refund for order 1234' }) });
    expect(adapter.platform).toBe('front-app');
    expect(await adapter.ready()).toEqual({ email: 'ada@example.com', subject: 'Refund for order 1234', conversation: 'front:cnv_1' });
  });

  it('reads the subject of the conversation selected now, not the one selected when it opened', async () => {
    const { adapter, emit } = setup({ context: conversationContext({ subject: 'First' }) });
    expect((await adapter.ready()).subject).toBe('First');
    emit(conversationContext({ subject: 'Second' }, 'ctx-2'));
    expect((await adapter.ready()).subject).toBe('Second');
  });

  it('waits for Front’s first context before it is ready', async () => {
    const { adapter, emit } = setup({ context: null });
    const ready = adapter.ready();
    emit(conversationContext({ subject: 'Late' }));
    expect(await ready).toMatchObject({ subject: 'Late' });
  });

  it('inserts the escaped HTML at the caret of the open draft (updateDraft, insert mode)', async () => {
    const { adapter, calls } = setup({ context: conversationContext({ subject: 'Hi', draftId: 'dra_42' }) });
    const share = sampleShare({ title: 'Tom & Jerry', message: 'Hi <there>' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls).toEqual([
      {
        name: 'updateDraft',
        args: [
          'dra_42',
          {
            updateMode: 'insert',
            content: {
              body: `<p>Hi &#60;there&#62;<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
              type: 'html',
            },
          },
        ],
      },
    ]);
  });

  it('starts a reply to the conversation’s latest message when no draft is open (createDraft)', async () => {
    const { adapter, calls } = setup({
      messagePages: [
        [
          { id: 'msg_old', date: '2025-01-01T10:00:00Z' },
          { id: 'msg_new', date: '2025-03-01T10:00:00Z' },
          { id: 'msg_mid', date: '2025-02-01T10:00:00Z' },
        ],
      ],
    });
    const share = sampleShare();
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls).toEqual([
      { name: 'listMessages', args: [undefined] },
      {
        name: 'createDraft',
        args: [
          {
            content: {
              body: `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
              type: 'html',
            },
            replyOptions: { type: 'reply', originalMessageId: 'msg_new' },
          },
        ],
      },
    ]);
  });

  it('finds the latest message on a later page, and skips messages Front has not loaded', async () => {
    const { adapter, calls } = setup({
      messagePages: [[{ id: 'msg_1', date: '2025-01-01T10:00:00Z' }, undefined], [{ id: 'msg_2', date: '2025-01-02T10:00:00Z' }]],
    });
    await adapter.insertShare(sampleShare());
    expect(calls.map((call) => call.name)).toEqual(['listMessages', 'listMessages', 'createDraft']);
    expect(calls[1]!.args).toEqual(['1']);
    expect(calls[2]).toMatchObject({ args: [{ replyOptions: { type: 'reply', originalMessageId: 'msg_2' } }] });
  });

  it('writes into the reply it created when it inserts again', async () => {
    const { adapter, calls } = setup();
    await adapter.insertShare(sampleShare({ id: 'first000001' }));
    await adapter.insertShare(sampleShare({ id: 'second00001' }));
    expect(calls.map((call) => call.name)).toEqual(['listMessages', 'createDraft', 'updateDraft']);
    expect(calls[2]!.args[0]).toBe('dra_1');
  });

  it('starts a new message when no conversation is selected', async () => {
    const { adapter, calls } = setup({ context: { id: 'c', type: 'noConversation', functionArities: { createDraft: 2 } } });
    await adapter.insertShare(sampleShare());
    expect(calls).toEqual([
      {
        name: 'createDraft',
        args: [
          {
            content: {
              body: `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
              type: 'html',
            },
          },
        ],
      },
    ]);
  });

  it('writes into the draft of a composer plugin’s context', async () => {
    const { adapter, calls } = setup({
      context: { id: 'c', type: 'messageComposer', functionArities: { updateDraft: 3 }, draft: { id: 'dra_7', subject: 'Quote' } },
    });
    expect((await adapter.ready()).subject).toBe('Quote');
    await adapter.insertShare(sampleShare());
    expect(calls).toEqual([{ name: 'updateDraft', args: ['dra_7', expect.objectContaining({ updateMode: 'insert' })] }]);
  });

  it('replies without an original message when the conversation lists none', async () => {
    const { adapter, calls } = setup({ messagePages: [[]] });
    await adapter.insertShare(sampleShare());
    expect(calls.at(-1)).toEqual({ name: 'createDraft', args: [{ content: expect.objectContaining({ type: 'html' }) }] });
  });

  it('says where to go when several conversations are selected, and calls nothing', async () => {
    const { adapter, calls } = setup({ context: { id: 'c', type: 'multiConversations', functionArities: {}, conversations: [] } });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: NOWHERE_TO_INSERT['several-conversations'] });
    expect(calls).toEqual([]);
  });

  it('hands the link over when the context is unknown or offers no draft function', async () => {
    const unknown = setup({ context: { id: 'c', type: 'somethingNew', functionArities: {} } });
    expect(await unknown.adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: NOWHERE_TO_INSERT.unknown });
    const bare = setup({ context: { ...conversationContext({ draftId: 'dra_1' }), functionArities: {} } });
    expect(await bare.adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: NOWHERE_TO_INSERT.unknown });
    expect(bare.calls).toEqual([]);
  });

  it('reports Front’s refusal as the reason instead of throwing', async () => {
    const { adapter } = setup({
      context: conversationContext({ draftId: 'dra_1' }),
      failing: { updateDraft: 'The draft is not editable.' },
    });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: 'The draft is not editable.' });
  });

  it('ignores malformed context fields rather than trusting them', async () => {
    const { adapter, calls } = setup({
      context: { id: 'c', type: 'singleConversation', functionArities: { createDraft: 2 }, conversation: { id: 42 } },
    });
    expect(await adapter.ready()).toEqual({});
    expect((await adapter.insertShare(sampleShare())).inserted).toBe(false);
    expect(calls).toEqual([]);
  });

  it('names the conversation selected now as front:{conversation id}, and none where Front selects none', async () => {
    const { adapter, emit } = setup({ context: conversationContext({ id: 'cnv_55c8c149' }) });
    expect((await adapter.ready()).conversation).toBe('front:cnv_55c8c149');
    // The teammate opens another conversation with the sidebar open: Front sends a new context.
    emit(conversationContext({ id: 'cnv_9aa01', draftId: 'dra_3' }, 'ctx-2'));
    expect((await adapter.ready()).conversation).toBe('front:cnv_9aa01');
    emit({ id: 'ctx-3', type: 'multiConversations', functionArities: {}, conversations: [] });
    expect(await adapter.ready()).not.toHaveProperty('conversation');
    emit({ id: 'ctx-4', type: 'noConversation', functionArities: {} });
    expect(await adapter.ready()).not.toHaveProperty('conversation');
  });

  it('names a composer’s conversation when the draft replies in one, and none for a new message', async () => {
    const reply = setup({
      context: { id: 'c', type: 'messageComposer', functionArities: {}, draft: { id: 'dra_7' }, conversation: { id: 'cnv_7' } },
    });
    expect((await reply.adapter.ready()).conversation).toBe('front:cnv_7');
    const fresh = setup({ context: { id: 'c', type: 'messageComposer', functionArities: {}, draft: { id: 'dra_8' } } });
    expect(await fresh.adapter.ready()).not.toHaveProperty('conversation');
  });

  it('names no conversation from an id that is no key (spaces, too long)', async () => {
    expect(await setup({ context: conversationContext({ id: 'cnv 1' }) }).adapter.ready()).not.toHaveProperty('conversation');
    expect(await setup({ context: conversationContext({ id: `cnv_${'a'.repeat(300)}` }) }).adapter.ready()).not.toHaveProperty(
      'conversation',
    );
  });

  it('puts a reply at the caret of the conversation’s draft (updateDraft, insert mode)', async () => {
    const { adapter, calls } = setup({ context: conversationContext({ draftId: 'dra_42' }) });
    expect(adapter.replyInsertLabel).toBe('Add to draft');
    await adapter.ready();
    expect(await adapter.insertReply?.(sampleReply({ from: 'Ana <Lima>' }))).toEqual({ inserted: true });
    expect(calls).toEqual([
      {
        name: 'updateDraft',
        args: [
          'dra_42',
          {
            updateMode: 'insert',
            content: {
              body:
                '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana &#60;Lima&#62;</a></p>' +
                '<blockquote>Thanks, the numbers look right to me.</blockquote>',
              type: 'html',
            },
          },
        ],
      },
    ]);
  });

  it('starts a reply to the latest message with the reply in it when the conversation has no draft', async () => {
    const { adapter, calls } = setup();
    await adapter.ready();
    expect(await adapter.insertReply?.(sampleReply({ text: null }))).toEqual({ inserted: true });
    expect(calls).toEqual([
      { name: 'listMessages', args: [undefined] },
      {
        name: 'createDraft',
        args: [
          {
            content: { body: '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana Lima</a></p>', type: 'html' },
            replyOptions: { type: 'reply', originalMessageId: 'msg_1' },
          },
        ],
      },
    ]);
  });

  it('puts no reply into another conversation’s draft when the teammate moved on before the panel asked again', async () => {
    const { adapter, calls, emit } = setup({ context: conversationContext({ id: 'cnv_a', draftId: 'dra_a' }) });
    expect((await adapter.ready()).conversation).toBe('front:cnv_a');
    emit(conversationContext({ id: 'cnv_b', draftId: 'dra_b' }, 'ctx-2'));
    // Whoever asked where the teammate is since (the record flow at Start, say), a reply listed for A stays out of B.
    await adapter.ready();
    expect(await adapter.insertReply?.(sampleReply({ conversation: 'front:cnv_a' }))).toEqual({ inserted: false, reason: MOVED_ON });
    expect(calls).toEqual([]);
    // A reply listed for the conversation shown now goes in.
    expect(await adapter.insertReply?.(sampleReply({ conversation: 'front:cnv_b' }))).toEqual({ inserted: true });
    expect(calls.map((call) => call.args[0])).toEqual(['dra_b']);
  });

  it('says why Front refused a reply, and does not throw', async () => {
    const { adapter } = setup({
      context: conversationContext({ draftId: 'dra_1' }),
      failing: { updateDraft: 'The draft is not editable.' },
    });
    await adapter.ready();
    expect(await adapter.insertReply?.(sampleReply())).toEqual({
      inserted: false,
      reason: 'Front did not add the reply to the draft (The draft is not editable).',
    });
    const bare = setup({ context: { ...conversationContext({ draftId: 'dra_1' }), functionArities: {} } });
    await bare.adapter.ready();
    expect(await bare.adapter.insertReply?.(sampleReply())).toEqual({
      inserted: false,
      reason: 'Front did not add the reply to the draft.',
    });
    expect(bare.calls).toEqual([]);
  });

  it('has no notification surface of Front’s to tell the teammate through', () => {
    expect(setup().adapter.notify).toBeUndefined();
  });
});
