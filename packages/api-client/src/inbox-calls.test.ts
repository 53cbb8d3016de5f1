import { startApiProcess, type ApiProcess } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { recordingFetch } from './test-support.ts';

let api: ApiProcess;
beforeAll(async () => {
  api = await startApiProcess();
});
afterAll(() => api?.stop());

describe('the inbox calls against the real server', () => {
  it('asks for a page with only the query values that are set, and parses items, the summary and the read answer', async () => {
    const wire = recordingFetch();
    const client = createApiClient({ baseUrl: `${api.url}/api`, fetch: wire.fetch });
    expect((await client.signIn({ email: `inbox-${Date.now()}@example.com`, password: 'correct horse battery' })).ok).toBe(true);
    const reserved = await client.getVocal('webapp');
    if (!reserved.ok) throw new Error(reserved.error.msg);
    const uploaded = await client.uploadVocal({
      recording: new Blob([await makeMp3(2)], { type: 'audio/mpeg' }),
      image: new Blob([makePng(200, 40)], { type: 'image/png' }),
      context: { id: reserved.data.id, platform: 'webapp', duration: 2, peaks: [0.2, 0.8], subject: 'Hello inbox' },
    });
    expect(uploaded.ok).toBe(true);

    const page = await client.getInbox({ view: 'sent', q: '', limit: 10 });
    expect(new URL(wire.requests.at(-1)!.url).search).toBe('?view=sent&limit=10');
    if (!page.ok) throw new Error(page.error.msg);
    expect(page.data.nextCursor).toBeNull();
    expect(page.data.items).toHaveLength(1);
    expect(page.data.items[0]).toMatchObject({ id: reserved.data.id, source: 'sent', read: true, subject: 'Hello inbox', replyCount: 0 });

    const summary = await client.getInboxSummary();
    expect(summary.ok && summary.data).toEqual({
      unread: 0,
      unreadBySource: { sent: 0, reply: 0, 'contact-form': 0, collect: 0, written: 0, comment: 0 },
    });

    const read = await client.markRead([reserved.data.id]);
    expect(read.ok && read.data).toEqual({ unread: 0 });
    const refused = await client.markRead(['NotMine1234']);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.status).toBe(404);
    // Comments are named apart from messages; a comment id the server does not know is refused too.
    const comment = await client.addComment(reserved.data.id, { text: 'A comment of my own' });
    if (!comment.ok) throw new Error(comment.error.msg);
    // The owner's own comment stays read.
    expect(await client.markRead([], false, [comment.data.id])).toMatchObject({ ok: true, data: { unread: 0 } });
    expect(await client.markRead([], true, ['00000000-0000-4000-8000-000000000000'])).toMatchObject({ ok: false, status: 404 });

    // Answering one's own message is refused in words.
    const answered = await client.answer({ messageId: reserved.data.id, text: 'To myself' });
    expect(answered).toMatchObject({ ok: false, status: 400 });
  });

  it('reserves a message in a host conversation, and asks the inbox for the answers to that conversation alone', async () => {
    const wire = recordingFetch();
    const client = createApiClient({ baseUrl: `${api.url}/api`, fetch: wire.fetch });
    expect((await client.signIn({ email: `conversation-${Date.now()}@example.com`, password: 'correct horse battery' })).ok).toBe(true);
    const reserved = await client.getVocal('zendesk', 'zendesk:acme/4521');
    expect(reserved.ok).toBe(true);
    expect(new URL(wire.requests.at(-1)!.url).search).toBe('?platform=zendesk&conversation=zendesk%3Aacme%2F4521');
    const page = await client.getInbox({ conversation: 'zendesk:acme/4521' });
    expect(new URL(wire.requests.at(-1)!.url).searchParams.get('conversation')).toBe('zendesk:acme/4521');
    expect(page.ok && page.data.items).toEqual([]);
    const refused = await client.getVocal('zendesk', 'not a conversation');
    expect(refused).toMatchObject({ ok: false, status: 400 });
  });
});
