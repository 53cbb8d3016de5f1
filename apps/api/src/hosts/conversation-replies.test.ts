import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inboxResponseSchema } from '@vocal/settings-model';
import { recordings } from '../db/schema.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { fromAddress, newAddress, ownerMessage, visitorRecording } from '../../test/harness/visitor-helpers.ts';

const TICKET = 'zendesk:acme/4521';

/**
 * Replies come back where the conversation started (issue 29, part 1): a message recorded in a
 * host names its conversation when its id is reserved, and the inbox, asked for that
 * conversation, lists the answers to the owner's messages made there, and nothing else.
 */
describe.each(embeddedBackend)('answers to the messages of one host conversation on %s', (backend) => {
  const server = serverForSuite(backend, { TRANSCRIBER: 'none' });

  const inboxOf = async (token: string, conversation: string) => {
    const reply = await server.call('GET', `/api/inbox?${new URLSearchParams({ conversation })}`, { token });
    expect(reply.status).toBe(200);
    return inboxResponseSchema.parse(reply.body);
  };

  it("lists a stranger's voice reply and comment to a message made in the ticket, and only those", async () => {
    const owner = await server.signUp();
    const fromTicket = await ownerMessage(
      server,
      owner.access,
      { subject: 'About your refund' },
      { platform: 'zendesk', conversation: TICKET },
    );
    const elsewhere = await ownerMessage(
      server,
      owner.access,
      { subject: 'Another ticket' },
      { platform: 'zendesk', conversation: 'zendesk:acme/77' },
    );
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, fromTicket));
    expect(row?.conversationKey).toBe(TICKET);

    // Nothing yet: the owner's own message is not an answer.
    expect((await inboxOf(owner.access, TICKET)).items).toEqual([]);

    const reply = await visitorRecording(server, `reply:${fromTicket}`, { senderName: 'Rosa' });
    await visitorRecording(server, `reply:${elsewhere}`);
    const comment = await server.call('POST', `/api/comments/${fromTicket}`, {
      json: { name: 'Rosa', text: 'Thanks, that helps' },
      headers: fromAddress(newAddress()),
    });
    expect(comment.status).toBe(201);
    await server.call('POST', `/api/comments/${elsewhere}`, { json: { text: 'Not this one' }, headers: fromAddress(newAddress()) });

    const { items } = await inboxOf(owner.access, TICKET);
    expect(items.map((item) => (item.kind === 'comment' ? `comment ${item.id}` : `${item.source} ${item.id}`)).sort()).toEqual(
      [`comment ${comment.body.id}`, `reply ${reply}`].sort(),
    );
    const voice = items.find((item) => item.kind === 'message')!;
    expect(voice).toMatchObject({ replyTo: fromTicket, read: false, replyToTitle: 'About your refund' });
    expect((await fetch(voice.kind === 'message' ? voice.audioUrl! : '')).status).toBe(200);

    // Marked heard in the panel as in the inbox: the same read state.
    expect((await server.call('POST', '/api/inbox/read', { token: owner.access, json: { ids: [reply], read: true } })).status).toBe(200);
    expect((await inboxOf(owner.access, TICKET)).items.find((item) => item.id === reply)).toMatchObject({ read: true });
  });

  it("another account asking for the same conversation sees nothing of the owner's", async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, {}, { platform: 'zendesk', conversation: TICKET });
    const reply = await visitorRecording(server, `reply:${id}`);
    const other = await server.signUp();
    expect((await inboxOf(other.access, TICKET)).items).toEqual([]);
    // Two agents of one help desk answer in the same ticket: each hears only the replies to their own message.
    const othersMessage = await ownerMessage(server, other.access, {}, { platform: 'zendesk', conversation: TICKET });
    const othersReply = await visitorRecording(server, `reply:${othersMessage}`);
    expect((await inboxOf(other.access, TICKET)).items.map((item) => item.id)).toEqual([othersReply]);
    expect((await inboxOf(owner.access, TICKET)).items.map((item) => item.id)).toEqual([reply]);
    expect((await server.call('GET', `/api/inbox?${new URLSearchParams({ conversation: TICKET })}`)).status).toBe(401);
  });

  it('refuses a key that is not a conversation with a 400 {msg}, and reserves nothing', async () => {
    const owner = await server.signUp();
    for (const conversation of ['', 'no-colon', 'Zendesk:1', 'zendesk:has space', `zendesk:${'x'.repeat(300)}`]) {
      const reserved = await server.call('GET', `/api/get-vocal?${new URLSearchParams({ conversation })}`, { token: owner.access });
      expect(reserved.status, conversation).toBe(400);
      expect(reserved.body.msg, conversation).toMatch(/^query.conversation: must be/);
      const listed = await server.call('GET', `/api/inbox?${new URLSearchParams({ conversation })}`, { token: owner.access });
      expect(listed.status, conversation).toBe(400);
    }
    const reserved = await server.running.services.db.select().from(recordings).where(eq(recordings.userId, owner.id));
    expect(reserved).toEqual([]);
  });
});
