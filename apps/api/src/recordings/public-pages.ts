import { and, eq } from 'drizzle-orm';
import {
  publicListenPayloadSchema,
  recordingIdSchema,
  resolveTheme,
  toPublicRecording,
  toPublicUser,
  type PublicListenPayload,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import { gone, notFound } from '../http/http-error.ts';
import type { Storage } from '../storage/storage.ts';
import { storedImageKey } from '../accounts/stored-images.ts';
import type { CachedPublicPage, PublicPageCache } from '../cache/public-page-cache.ts';
import { chosenName, type AccountService, type UserRow } from '../accounts/account-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { isPro } from '../billing/plans.ts';
import type { TranscriptionService } from './transcription-service.ts';
import { isWritten, recordingOf, type RecordingRow } from './recording-view.ts';
import { storedFileKeys } from './recording-file-keys.ts';
import { teamOf } from '../teams/team-of.ts';

export const PUBLIC_NOT_FOUND = 'This voice message does not exist or was deleted';

/**
 * A private message's lock (decisions 0074 and 0075): a password's hash, which its unlock tokens
 * are bound to, or the team (its owner's id) whose signed-in members may open it; and its files'
 * storage keys, which are served only at signed addresses.
 */
export type PageProtection = { audioKey: string; imageKey: string } & (
  { kind: 'password'; passwordHash: string } | { kind: 'team'; team: number }
);

/**
 * What a message's public page is made of: the listen payload, the waveform picture's size for
 * link previews, and its lock when it has a password (the payload is then for the unlocked only).
 */
export type PublicPage = {
  payload: PublicListenPayload;
  imageSize: { width: number; height: number } | null;
  protection: PageProtection | null;
};

/**
 * A message as anyone with its link sees it (the listen page, the embed player, link previews,
 * replies to it), through the public page cache.
 */
export function createPublicPages(options: {
  db: Database;
  storage: Storage;
  accounts: AccountService;
  personalisation: PersonalisationService;
  transcription: TranscriptionService;
  publicPages: PublicPageCache<PublicPage>;
  now: () => Date;
}) {
  const { db, storage, accounts, personalisation, publicPages, now } = options;

  /**
   * A message anyone with its link may open, with its owner: uploaded, not expired, and with
   * audio (a written contact-form message is its owner's alone).
   */
  async function publicRow(id: string): Promise<{ row: RecordingRow; owner: UserRow }> {
    // Not an id at all (a NUL byte from a path, say, which PostgreSQL cannot even compare): unknown.
    if (!recordingIdSchema.safeParse(id).success) throw notFound(PUBLIC_NOT_FOUND);
    const [row] = await db
      .select()
      .from(recordings)
      .where(and(eq(recordings.id, id), eq(recordings.status, 'uploaded')));
    if (!row || isWritten(row)) throw notFound(PUBLIC_NOT_FOUND);
    if (row.expiryDate && row.expiryDate.getTime() <= now().getTime()) {
      throw gone('This voice message has expired');
    }
    const owner = await accounts.findById(row.userId);
    if (!owner) throw notFound(PUBLIC_NOT_FOUND);
    return { row, owner };
  }

  async function repliesAllowed(ownerId: number): Promise<boolean> {
    return (await personalisation.get(ownerId)).listenPage.reply.enabled;
  }

  /**
   * A message's public page through the cache (src/cache/public-page-cache.ts): a hit makes no
   * query. Expiry is checked on every read, so an expired message is never served from memory.
   */
  async function cachedPublicPage(id: string): Promise<CachedPublicPage<PublicPage>> {
    const cached = await publicPages.read(id, async () => {
      const { row, owner } = await publicRow(id);
      const page = await buildPublicPage(row, owner);
      return { page, payload: page.payload, ownerId: owner.id, origin: row.origin, expiresAt: row.expiryDate?.getTime() ?? null };
    });
    if (cached.expiresAt !== null && cached.expiresAt <= now().getTime()) throw gone('This voice message has expired');
    return cached;
  }

  async function publicPage(id: string): Promise<PublicPage> {
    return (await cachedPublicPage(id)).page;
  }

  /** The public payload, and the waveform picture's size for link previews (unknown on old rows). */
  async function buildPublicPage(row: RecordingRow, owner: UserRow): Promise<PublicPage> {
    const settings = await personalisation.get(owner.id);
    const user = toPublicUser(await accounts.toUser(owner));
    // "You" is the owner's own default name; a listener sees "Someone" instead. What a
    // visitor sent (a reply, say) is theirs to name.
    const name = row.origin === 'owner' ? chosenName(user.name) : row.senderName;
    const payload = publicListenPayloadSchema.parse({
      transcriptionNotice: options.transcription.noticeFor(row),
      audio: toPublicRecording(recordingOf(row, storage)),
      user,
      settings: {
        ...settings.listenPage,
        // A logo saved before logos had to be our own pictures (issue 23, finding 14) is not shown.
        logoUrl: settings.listenPage.logoUrl && storedImageKey(storage, settings.listenPage.logoUrl) ? settings.listenPage.logoUrl : null,
        name,
        theme: resolveTheme(settings.themes, settings.listenPage.theme),
        branding: !isPro(owner),
      },
    });
    const imageSize = row.imageWidth && row.imageHeight ? { width: row.imageWidth, height: row.imageHeight } : null;
    const files = storedFileKeys(row);
    const protection: PageProtection | null =
      row.privacy === 'password' && row.passwordHash
        ? { kind: 'password', passwordHash: row.passwordHash, ...files }
        : row.privacy === 'team'
          ? { kind: 'team', team: teamOf(owner), ...files }
          : null;
    return { payload, imageSize, protection };
  }

  return { publicRow, repliesAllowed, cachedPublicPage, publicPage };
}
