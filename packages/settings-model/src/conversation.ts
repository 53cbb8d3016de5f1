import { z } from 'zod';

/**
 * Where in a host a message was recorded, as `{host}:{the host's own id}`: `zendesk:acme/4521`
 * (subdomain and ticket), `front:cnv_55c8c149`, `outlook:AAQkAGI2…` (a mail conversation),
 * `gmail:18c2f0a1b2c3d4e5` (a thread), `ms-teams:19:…@thread.v2` (a chat or channel). Replies to
 * the messages made there are shown back in that host's panel (issue 29, part 1). Printable
 * characters only, so it travels in a query string and a log line unchanged.
 */
export const CONVERSATION_KEY_MAX_LENGTH = 300;

export const conversationKeySchema = z
  .string()
  .max(CONVERSATION_KEY_MAX_LENGTH, { error: `must be at most ${CONVERSATION_KEY_MAX_LENGTH} characters` })
  .regex(/^[a-z][a-z-]*:[\x21-\x7e]+$/, { error: "must be a host's name, a colon and its conversation's id, such as zendesk:acme/4521" });
export type ConversationKey = z.infer<typeof conversationKeySchema>;
