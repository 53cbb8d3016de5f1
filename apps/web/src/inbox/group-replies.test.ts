import { describe, expect, it } from 'vitest';
import { groupReplies } from './group-replies.ts';

const item = (id: string, source = 'sent', replyTo: string | null = null) => ({ id, source, replyTo });

describe('replies grouped under their message', () => {
  it('nests a reply under its message, the thread in the place of its newest member', () => {
    // Newest first, as the server answers.
    const items = [item('r2', 'reply', 'm1'), item('m2'), item('r1', 'reply', 'm1'), item('m1')];
    const threads = groupReplies(items);
    expect(threads.map((thread) => thread.item.id)).toEqual(['m1', 'm2']);
    expect(threads[0]?.replies.map((reply) => reply.id)).toEqual(['r1', 'r2']);
  });

  it('keeps a reply on its own when its message is not on the page', () => {
    const threads = groupReplies([item('r1', 'reply', 'elsewhere'), item('m2')]);
    expect(threads.map((thread) => [thread.item.id, thread.replies.length])).toEqual([
      ['r1', 0],
      ['m2', 0],
    ]);
  });

  it('only replies are nested, whatever else points somewhere', () => {
    const threads = groupReplies([item('c1', 'contact-form', 'm1'), item('m1')]);
    expect(threads).toHaveLength(2);
  });
});
