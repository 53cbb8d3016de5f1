import type { Readable } from 'node:stream';
import { DEFAULT_NAMES, PRIVATE_MESSAGE_TITLE } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { formatDuration } from '../listening/link-preview.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import type { RecordingService } from '../recordings/recording-service.ts';
import { storedImageKey } from '../accounts/stored-images.ts';
import type { Storage } from '../storage/storage.ts';
import { HttpError } from '../http/http-error.ts';
import { readPictureHeader, withinPictureLimits } from './picture-size.ts';
import type { MediaPool } from './media-pool.ts';
import { buildCardSvg, type CardInput } from './preview-card-svg.ts';

/** Bumped when the card's layout changes, so every stored card is made anew. */
const LAYOUT_VERSION = '1';
/** Avatars are resized on upload; anything larger is not worth drawing 96 px wide. */
const MAX_AVATAR_BYTES = 4 * 1024 * 1024;
const CARD_PREFIX = 'cards/';
/** What drawing one card may take once a worker has it (it takes 50–500 ms): a card that takes longer is not made. */
export const CARD_RENDER_MS = 15_000;
/** A stored card: cards/{recording id}-{version}.png. The sweep knows the shape (orphan-sweep.ts). */
export const CARD_FILE = /^cards\/([A-Za-z0-9]{12})-[A-Za-z0-9_-]+\.png$/;

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

async function readAll(stream: Readable, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The link-preview card of a listen link (GET /listen/{id}/card.png): made from what the
 * listen page shows, stored under a version that changes with it (title, name, avatar,
 * duration), and made again only when that changes. A message that is gone has no card: the
 * public page's 404/410 comes through unchanged.
 */
export function createPreviewCardService(options: { db: Database; storage: Storage; recordings: RecordingService; media: MediaPool }) {
  const { storage, recordings, media } = options;
  // Keyed, so a card's storage key cannot be guessed from what it shows: on a public bucket,
  // a deleted message's card is unreachable until the sweep removes it.
  const versionOf = createKeyedHash(options.db, 'preview-card');
  const inFlight = new Map<string, Promise<Uint8Array>>();

  /** Only our own stored pictures are drawn: an avatar URL elsewhere is never fetched. */
  async function avatarDataUrl(avatarUrl: string | null): Promise<string | null> {
    const key = avatarUrl ? storedImageKey(storage, avatarUrl) : null;
    if (!key) return null;
    const stream = await storage.read(key);
    const bytes = stream ? await readAll(stream, MAX_AVATAR_BYTES) : null;
    const header = bytes ? readPictureHeader(bytes) : null;
    // resvg draws PNG, JPEG and GIF. A WebP, or a picture stored before pictures were decoded
    // within limits (a 16000 × 16000 bomb took 8 s and 1.26 GB a card), gets the initial instead.
    if (!bytes || !header || !withinPictureLimits(header)) return null;
    return `data:${header.contentType};base64,${Buffer.from(bytes).toString('base64')}`;
  }

  async function make(key: string, input: Omit<CardInput, 'avatarDataUrl'> & { avatarUrl: string | null }): Promise<Uint8Array> {
    // On the media pool's threads: drawing is CPU work the event loop must not wait on. Within a
    // time budget: past it the worker is ended (the only way to stop it) and the card is not made.
    const svg = buildCardSvg({ ...input, avatarDataUrl: await avatarDataUrl(input.avatarUrl) });
    let png: Uint8Array;
    try {
      png = await media.renderCard(svg, undefined, CARD_RENDER_MS);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new HttpError(503, 'The preview card could not be drawn in time; try again later', { retryAfter: 60 });
      }
      throw error;
    }
    await storage.put(key, png, 'image/png');
    return png;
  }

  /** Earlier versions of a message's card go once a newer one is stored. */
  async function removeOlderCards(recordingId: string, keep: string) {
    const prefix = `${CARD_PREFIX}${recordingId}-`;
    const listed = await storage.list({ after: prefix, limit: 20 });
    const older = listed.filter((object) => object.key.startsWith(prefix) && object.key !== keep);
    await Promise.allSettled(older.map((object) => storage.delete(object.key)));
  }

  return {
    /** The card's PNG and its version (an ETag); throws the public page's 404 or 410. */
    async card(recordingId: string): Promise<{ png: Uint8Array; version: string }> {
      const { payload, protection } = await recordings.publicPage(recordingId);
      const { audio, settings, user } = payload;
      // A password-protected message's card says only that it is private (decision 0074).
      const input = protection
        ? { title: PRIVATE_MESSAGE_TITLE, senderName: DEFAULT_NAMES.someone, durationLabel: '', peaks: [], avatarUrl: null }
        : {
            title: audio.subject ?? `Voice message · ${dateFormat.format(new Date(audio.uploadDate))}`,
            senderName: settings.name,
            durationLabel: formatDuration(audio.duration),
            peaks: audio.peaks,
            avatarUrl: user.avatarUrl,
          };
      const version = (
        await versionOf(LAYOUT_VERSION, audio.id, input.title, input.senderName, input.durationLabel, input.avatarUrl ?? '')
      ).slice(0, 32);
      const key = `${CARD_PREFIX}${audio.id}-${version}.png`;
      const stored = await storage.read(key);
      if (stored) {
        const png = await readAll(stored, 8 * 1024 * 1024);
        if (png) return { png, version };
      }
      // Crawlers ask for a new link's card all at once: one rendering serves them all.
      let making = inFlight.get(key);
      if (!making) {
        // Older versions go before the answer, not after it: every write of a request is done
        // when it is answered (the fuzz suite traces each write to the request that made it).
        making = make(key, input)
          .then(async (png) => {
            await removeOlderCards(audio.id, key).catch(() => undefined);
            return png;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, making);
      }
      return { png: await making, version };
    },
  };
}

export type PreviewCardService = ReturnType<typeof createPreviewCardService>;
