import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResult } from '@vocal/api-client';
import { createFakeHostAdapter, type HostContext } from '@vocal/host-contract';
import { inboxCommentSchema, inboxItemSchema, type InboxEntry, type InboxQuery, type InboxResponse } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { ConversationRepliesSection } from './conversation-replies-section.tsx';

const appOrigin = 'https://vocal.example';

const voiceReply = (overrides: Partial<Parameters<typeof inboxItemSchema.parse>[0]> = {}) =>
  inboxItemSchema.parse({
    id: 'Reply0000001',
    uploadDate: '2026-11-29T10:00:00.000Z',
    audioUrl: 'https://vocal.example/files/Reply0000001.mp3',
    imageUrl: 'https://vocal.example/files/Reply0000001.png',
    duration: 4,
    peaks: [0.2, 0.6, 0.4],
    source: 'reply',
    origin: 'reply',
    isReply: true,
    replyTo: 'Asked0000001',
    senderName: 'Ana Lima',
    read: false,
    transcription: [{ start: 0, end: 4, num_words: 4, sentences: [{ start: 0, end: 4, text: 'Thanks, that fixed it.' }] }],
    transcriptionStatus: 'complete',
    ...overrides,
  });

const comment = (overrides: Partial<Parameters<typeof inboxCommentSchema.parse>[0]> = {}) =>
  inboxCommentSchema.parse({
    kind: 'comment',
    id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    source: 'comment',
    name: 'Bo',
    text: 'Can you send the invoice too?',
    createdAt: '2026-11-29T10:05:00.000Z',
    read: false,
    recordingId: 'Asked0000001',
    recordingSubject: 'Your refund',
    recordingDate: '2026-11-29T09:00:00.000Z',
    answerMail: null,
    ...overrides,
  });

/** The two calls the section makes, answering from a list the test changes, as the server would. */
function fakeInbox(initial: InboxEntry[]) {
  let items = initial;
  const queries: InboxQuery[] = [];
  const reads: { ids: string[]; read: boolean; commentIds: string[] }[] = [];
  const api = {
    getInbox: async (query: InboxQuery = {}): Promise<ApiResult<InboxResponse>> => {
      queries.push(query);
      const forIt = query.conversation === 'zendesk:acme/4521' ? items : [];
      return { ok: true, status: 200, data: { items: forIt, nextCursor: null } };
    },
    markRead: async (ids: string[], read = true, commentIds: string[] = []) => {
      reads.push({ ids, read, commentIds });
      items = items.map((item) => (ids.includes(item.id) || commentIds.includes(item.id) ? { ...item, read } : item));
      return { ok: true as const, status: 200, data: { unread: items.filter((item) => !item.read).length } };
    },
  };
  return { api, queries, reads, set: (next: InboxEntry[]) => (items = next) };
}

function hostIn(context: HostContext, insertReply = true) {
  let current = context;
  const fake = createFakeHostAdapter({ platform: 'zendesk', capabilities: { insertReply, notify: true } });
  fake.adapter.ready = async () => current;
  return { ...fake, move: (next: HostContext) => (current = next) };
}

describe('the replies to messages recorded here', () => {
  it('is absent where the host names no conversation, and asks the server nothing', async () => {
    const inbox = fakeInbox([voiceReply()]);
    const host = hostIn({ subject: 'A new document' });
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: /Replies here/ })).toBeNull();
    expect(inbox.queries).toEqual([]);
  });

  it("lists this conversation's voice replies and comments with a count of the new ones", async () => {
    const inbox = fakeInbox([comment(), voiceReply()]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    expect(await screen.findByRole('heading', { name: 'Replies here 2 new replies' })).toBeInTheDocument();
    expect(inbox.queries[0]).toEqual({ conversation: 'zendesk:acme/4521', limit: 20 });
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Bo')).toBeInTheDocument();
    expect(within(first!).getByText('Can you send the invoice too?')).toBeInTheDocument();
    expect(within(second!).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(second!).getByText('Thanks, that fixed it.')).toBeInTheDocument();
    expect(within(second!).getByRole('group', { name: 'Voice message: Voice reply from Ana Lima' })).toBeInTheDocument();
  });

  it('says plainly when nothing has come back yet', async () => {
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    render(<ConversationRepliesSection api={fakeInbox([]).api} host={host.adapter} appOrigin={appOrigin} />);
    expect(await screen.findByText('When someone answers a message you recorded here, their reply shows up here.')).toBeInTheDocument();
  });

  it('marks a voice reply heard and a comment read, each with its own call', async () => {
    const inbox = fakeInbox([comment(), voiceReply()]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    const user = userEvent.setup();
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    await user.click(await screen.findByRole('button', { name: 'Mark as heard: voice reply from Ana Lima' }));
    expect(screen.getByRole('heading', { name: 'Replies here 1 new reply' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as heard: comment from Bo' }));
    expect(screen.getByRole('heading', { name: 'Replies here' })).toBeInTheDocument();
    expect(inbox.reads).toEqual([
      { ids: ['Reply0000001'], read: true, commentIds: [] },
      { ids: [], read: true, commentIds: ['1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'] },
    ]);
  });

  it('puts a reply into the conversation the host’s way, and counts it heard', async () => {
    const inbox = fakeInbox([voiceReply()]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    const user = userEvent.setup();
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    await user.click(await screen.findByRole('button', { name: 'Add to conversation' }));
    expect(host.insertedReplies).toEqual([
      {
        kind: 'voice',
        from: 'Ana Lima',
        text: 'Thanks, that fixed it.',
        url: 'https://vocal.example/listen/Reply0000001',
        conversation: 'zendesk:acme/4521',
      },
    ]);
    expect(screen.getByText('The reply was added to the conversation.')).toHaveAttribute('role', 'status');
    expect(inbox.reads).toEqual([{ ids: ['Reply0000001'], read: true, commentIds: [] }]);
  });

  it('says why the host refused a reply, and looks again where the host is', async () => {
    const inbox = fakeInbox([voiceReply()]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    host.adapter.insertReply = async () => ({ inserted: false, reason: 'The ticket is closed.' });
    const user = userEvent.setup();
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    await user.click(await screen.findByRole('button', { name: 'Add to conversation' }));
    expect(screen.getByText('The ticket is closed.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(inbox.queries).toHaveLength(2));
    expect(inbox.reads).toEqual([]);
  });

  it('offers the link to copy where the host cannot insert', async () => {
    const host = hostIn({ conversation: 'zendesk:acme/4521' }, false);
    render(<ConversationRepliesSection api={fakeInbox([voiceReply()]).api} host={host.adapter} appOrigin={appOrigin} />);
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to conversation' })).toBeNull();
  });

  it('finds a new reply when the panel is focused again, and announces it', async () => {
    const inbox = fakeInbox([]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    expect(await screen.findByText(/their reply shows up here/)).toBeInTheDocument();
    inbox.set([voiceReply()]);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(screen.getByText('1 new reply', { selector: '[role="status"]' })).toBeInTheDocument();
    // Also through the host's own notices; what was there at first was not news.
    expect(host.calls.filter((call) => call.name === 'notify')).toEqual([
      { name: 'notify', text: 'Vocal: 1 new reply to your voice messages here.' },
    ]);
  });

  it('shows nothing of the last ticket once the host moves to another', async () => {
    const inbox = fakeInbox([voiceReply()]);
    const host = hostIn({ conversation: 'zendesk:acme/4521' });
    render(<ConversationRepliesSection api={inbox.api} host={host.adapter} appOrigin={appOrigin} />);
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    host.move({ conversation: 'zendesk:acme/9999' });
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(/their reply shows up here/)).toBeInTheDocument();
    expect(screen.queryByText('Ana Lima')).toBeNull();
    expect(inbox.queries.at(-1)).toEqual({ conversation: 'zendesk:acme/9999', limit: 20 });
  });
});
