import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { recordResult } from '@vocal/bench';
import { comments, recordings } from '../src/db/schema.ts';
import { newRecordingId } from '../src/common/ids.ts';
import { backends, startTestServer, type Backend, type TestServer } from '../test/harness/test-server.ts';

/**
 * Issue 9: the inbox on 10,000 messages of one owner (plus 15,000 of three other users, so
 * the indexes have others' rows to skip), on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 * Measured: the time of GET /api/inbox from a client on this machine, the server in this
 * process, for the first page, a filtered page (received replies), the next page through a
 * cursor, a search by a rare transcript word, a search by a common one (thousands of matches
 * to order), the comments alone (a comment under every fifth message sent, interleaved with the
 * messages by time: the two keysets merged, decision 0065), and GET /api/inbox/summary. Median of
 * 15 requests after 3 warm-up ones.
 */
const OWNER_MESSAGES = 10_000;
const OTHER_USERS = 3;
const OTHER_MESSAGES = 5_000;
const RUNS = 15;
const WARM_UP = 3;
const TARGET_MS = 200;

const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const WORDS = (
  'the a to and of we you it is for on that this with meeting project update call next week friday monday invoice ' +
  'client design review budget launch plan team thanks please quick note about tomorrow morning afternoon report'
).split(' ');
/** In one message in a thousand: what a search for a specific thing finds. */
const RARE_WORD = 'zanzibar';

function sentence(random: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]!);
  return `${picked.join(' ')}.`;
}

/** A seeded generator, so every run seeds the same inbox. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Origin = 'owner' | 'reply' | 'contact-form' | 'collect';

/** Inserts `count` uploaded messages of `userId`: 60 % own, the rest replies, contact form (some written) and collect. */
async function seedMessages(server: TestServer, userId: number, count: number, seed: number) {
  const { db } = server.running.services;
  const random = seeded(seed);
  const start = Date.parse('2024-01-01T00:00:00Z');
  const ownIds: string[] = [];
  const batch: (typeof recordings.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length > 0) await db.insert(recordings).values(batch.splice(0));
  };
  for (let index = 0; index < count; index++) {
    const roll = random();
    const origin: Origin = roll < 0.6 || ownIds.length === 0 ? 'owner' : roll < 0.75 ? 'reply' : roll < 0.9 ? 'contact-form' : 'collect';
    const written = origin === 'contact-form' && random() < 0.4;
    const id = newRecordingId();
    if (origin === 'owner') ownIds.push(id);
    const words = sentence(random, 12) + (index % 1000 === 7 ? ` Flights to ${RARE_WORD} are booked.` : '');
    const transcription = written
      ? null
      : [
          {
            start: 0,
            end: 6,
            num_words: 12,
            sentences: [
              { text: words, start: 0, end: 3 },
              { text: sentence(random, 10), start: 3, end: 6 },
            ],
          },
        ];
    batch.push({
      id,
      userId,
      status: 'uploaded',
      origin,
      platform: 'webapp',
      isReply: origin === 'reply',
      replyToId: origin === 'reply' ? ownIds[Math.floor(random() * ownIds.length)]! : null,
      email: origin === 'owner' || origin === 'reply' ? null : `sender${index}@example.org`,
      senderName: origin === 'owner' ? null : `Sender ${index}`,
      subject: random() < 0.5 ? sentence(random, 4) : null,
      message: written ? words : null,
      // One message every ~1.5 hours over about two years, in order.
      uploadDate: new Date(start + index * 5_400_000),
      duration: 6,
      audioKey: written ? null : `${id}.mp3`,
      imageKey: written ? null : `${id}.png`,
      transcription,
      transcriptionStatus: transcription ? 'complete' : null,
      // A tenth of what others sent is still unread.
      readAt: origin !== 'owner' && random() < 0.9 ? new Date() : null,
    });
    if (batch.length === 500) await flush();
  }
  await flush();
}

/**
 * Listeners' comments under every fifth message the user sent, each written an hour after it, so
 * the inbox's two keysets interleave (decision 0065); a tenth of them unread.
 */
async function seedComments(server: TestServer, userId: number, seed: number): Promise<number> {
  const { db } = server.running.services;
  const random = seeded(seed);
  const own = await db
    .select({ id: recordings.id, uploadDate: recordings.uploadDate })
    .from(recordings)
    .where(sql`${recordings.userId} = ${userId} and ${recordings.origin} = 'owner'`);
  const rows = own
    .filter((_, index) => index % 5 === 0)
    .map((message, index) => ({
      recordingId: message.id,
      ownerId: userId,
      name: `Listener ${index}`,
      text: sentence(random, 9),
      createdAt: new Date(message.uploadDate!.getTime() + 3_600_000),
      readAt: random() < 0.9 ? new Date() : null,
    }));
  for (let start = 0; start < rows.length; start += 500) await db.insert(comments).values(rows.slice(start, start + 500));
  return rows.length;
}

async function medianMs(server: TestServer, token: string, path: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const started = performance.now();
    const reply = await server.call('GET', path, { token });
    const elapsed = performance.now() - started;
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status} ${JSON.stringify(reply.body)}`);
    if (run >= WARM_UP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(1);
}

export async function benchInbox(backend: Backend) {
  const server = await startTestServer(backend);
  try {
    // Everyone signs up first: the seeding takes long enough for the server to close this
    // client's idle kept-alive connection, and a POST on it is not retried.
    const owner = await server.signUp();
    const others = [];
    for (let other = 0; other < OTHER_USERS; other++) others.push(await server.signUp());
    const seedStarted = performance.now();
    await seedMessages(server, owner.id, OWNER_MESSAGES, 1);
    for (const [index, user] of others.entries()) await seedMessages(server, user.id, OTHER_MESSAGES, index + 2);
    let commentCount = await seedComments(server, owner.id, 11);
    for (const [index, user] of others.entries()) commentCount += await seedComments(server, user.id, index + 12);
    // What autovacuum would have done by the time an inbox holds 10,000 messages.
    await server.running.services.db.execute(sql`analyze recordings`);
    await server.running.services.db.execute(sql`analyze comments`);
    // A fresh connection for the measurements (see above); a failure here is that closed socket.
    await server.call('GET', '/health').catch(() => undefined);
    print({
      bench: 'inbox',
      database: backend,
      seeded: OWNER_MESSAGES + OTHER_USERS * OTHER_MESSAGES,
      comments: commentCount,
      seconds: +((performance.now() - seedStarted) / 1000).toFixed(1),
    });

    const first = await server.call('GET', '/api/inbox', { token: owner.access });
    const rare = await server.call('GET', `/api/inbox?q=${RARE_WORD}`, { token: owner.access });
    if (first.body.items.length !== 50 || rare.body.items.length !== 10) {
      throw new Error(
        `Unexpected inbox: ${first.body.items.length} items on the first page, ${rare.body.items.length} found for ${RARE_WORD}`,
      );
    }
    const cases = [
      { name: 'first page (50)', path: '/api/inbox', target: TARGET_MS },
      { name: 'next page through a cursor', path: `/api/inbox?cursor=${first.body.nextCursor}`, target: TARGET_MS },
      { name: 'filtered page (received replies)', path: '/api/inbox?view=received&source=reply', target: TARGET_MS },
      { name: 'filtered page (comments)', path: '/api/inbox?source=comment', target: TARGET_MS },
      { name: 'search, rare transcript word', path: `/api/inbox?q=${RARE_WORD}`, target: TARGET_MS },
      { name: 'search, common word', path: '/api/inbox?q=invoice', target: null },
      { name: 'unread summary', path: '/api/inbox/summary', target: null },
    ];
    for (const item of cases) {
      const value = await medianMs(server, owner.access, item.path);
      await recordResult({
        suite: 'inbox',
        name: `${item.name}, ${backend}`,
        value,
        unit: 'ms',
        ...(item.target ? { target: { value: item.target, better: 'lower' as const } } : {}),
        method: `GET ${item.path.replace(/cursor=[^&]+/, 'cursor=…')} on ${OWNER_MESSAGES.toLocaleString('en')} messages of one owner (+${(OTHER_USERS * OTHER_MESSAGES).toLocaleString('en')} of others) and a comment under every fifth sent one, median of ${RUNS}, server in-process`,
      });
    }
  } finally {
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const backend of backends) await benchInbox(backend);
}
