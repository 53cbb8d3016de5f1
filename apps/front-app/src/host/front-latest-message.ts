import { z } from 'zod';
import { contextFunction } from './front-sdk.ts';

// listMessages answers a page of the conversation's messages (Plugin SDK "listMessages").
const pageSchema = z.object({
  results: z.array(z.object({ id: z.string().min(1), date: z.coerce.date().nullish().catch(null) }).nullish()),
  nextPageToken: z.string().nullish(),
});

/** Front documents no order for the pages; a conversation this long is not worth reading further. */
const MAX_PAGES = 10;

/**
 * The id of the conversation's latest message, to reply to; null when the context cannot list
 * messages or has none loaded. Reads every page (a long conversation's newest message may be on
 * the last one) and takes the latest date, so the answer does not depend on the order Front uses.
 */
export async function latestMessageId(context: object): Promise<string | null> {
  const listMessages = contextFunction(context, 'listMessages');
  if (!listMessages) return null;
  let latest: { id: string; time: number } | null = null;
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const parsed = pageSchema.safeParse(await listMessages(token));
    if (!parsed.success) break;
    for (const message of parsed.data.results) {
      // Front may not have loaded every message: those come back undefined.
      if (!message) continue;
      const time = message.date?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (!latest || time >= latest.time) latest = { id: message.id, time };
    }
    token = parsed.data.nextPageToken ?? undefined;
    if (!token) break;
  }
  return latest?.id ?? null;
}
