import { AsyncLocalStorage } from 'node:async_hooks';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Server } from '@tus/server';
import { ERRORS, Metadata } from '@tus/utils';
import { recordingIdSchema } from '@vocal/settings-model';
import { notFound } from '../http/http-error.ts';
import type { AudioFileProbe } from '../media/audio-file.ts';
import { lengthRefusal, type RecordingService } from '../recordings/recording-service.ts';
import { ArrivalRefusal, CheckedFileStore, tusRefusal } from './checked-file-store.ts';
import { createUploadStandings } from './upload-standing.ts';

/** Where tus is spoken: POST here creates, /api/uploads/{id} is each upload. */
export const PROGRESSIVE_UPLOAD_PATH = '/api/uploads';

/**
 * An upload nobody finished is removed after this long: a recording is at most hours long, and a
 * person who loses the network gets a day to come back before the spool uploads it whole again.
 */
export const PROGRESSIVE_UPLOAD_LIFETIME_MS = 24 * 3_600_000;

/** What a listener reads while the message's last bytes are still coming from the recorder. */
export const STILL_ARRIVING = 'This voice message is still arriving';

/** How long upload-vocal waits for a streamed recording's last pieces, at most. */
const ARRIVAL_WAIT_MS = 30_000;
/** An upload nothing has reached for this long is not about to be finished. */
const STALLED_MS = 10_000;
const ARRIVAL_POLL_MS = 10;

/**
 * A finished upload's bytes on disk, for upload-vocal to keep as the message's audio, with what
 * the scan while they arrived found in them when this process saw them all (else undefined).
 */
export type ArrivedRecording = { path: string; bytes: number; probe?: AudioFileProbe | null };

/** Whose limits an upload's bytes are held to, as RecordingService.reservationRules reads them. */
export type ReservationRules = NonNullable<Awaited<ReturnType<RecordingService['reservationRules']>>>;

/**
 * Progressive uploads (docs/decisions/0070-progressive-upload-over-tus.md): a recorder sends its
 * MP3 while the person speaks, over tus 1.0, into the reservation get-vocal made; the upload's id
 * is the reservation's. When the person stops, upload-vocal without a recording part completes
 * the message from the bytes already here, so the link is ready at once.
 */
export function createProgressiveUploads(options: {
  directory: string;
  maxBytes: number;
  recordings: Pick<RecordingService, 'reservationRules'>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  /** upload-vocal calls waiting in arrivedSoon, by upload: woken when this process sees it finish. */
  const waiting = new Map<string, Set<() => void>>();
  const standings = createUploadStandings({ now });
  /**
   * The reservation the route read for the request being answered, so the store does not read it
   * and its owner again for each PATCH (two of the seven queries a PATCH made, decision 0071).
   */
  const readByRoute = new AsyncLocalStorage<{ id: string; rules: ReservationRules }>();

  /** Resolves when `id` finishes here, or after ARRIVAL_POLL_MS (its last piece may reach another process). */
  const finishedOrPoll = (id: string) =>
    new Promise<void>((resolve) => {
      const listeners = waiting.get(id) ?? new Set();
      waiting.set(id, listeners);
      const wake = () => {
        clearTimeout(timer);
        listeners.delete(wake);
        if (listeners.size === 0) waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, ARRIVAL_POLL_MS);
      listeners.add(wake);
    });
  const store = new CheckedFileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: PROGRESSIVE_UPLOAD_LIFETIME_MS,
    // Who may write was decided by the route before tus saw the request; here only the limits.
    async rulesOf(id) {
      const known = readByRoute.getStore();
      const target = known?.id === id ? known.rules : await options.recordings.reservationRules(id);
      if (!target || target.status !== 'reserved') throw tusRefusal(notFound('This recording has been sent already, or was deleted'));
      return { lengthRefusal: (seconds) => lengthRefusal(target, seconds) };
    },
  });

  const tus = new Server({
    path: PROGRESSIVE_UPLOAD_PATH,
    datastore: store,
    maxSize: options.maxBytes,
    relativeLocation: true,
    // Our CORS policy answers for every API route (http/cors-policy.ts).
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: false,
    namingFunction: (_request, metadata) => {
      const id = metadata?.recordingId;
      if (!id || !recordingIdSchema.safeParse(id).success) throw ERRORS.FILE_NOT_FOUND;
      return id;
    },
    // Only the reservation's id is kept: nothing else a client sends is stored.
    onUploadCreate: async (_request, upload) => ({ metadata: { recordingId: upload.metadata?.recordingId ?? '' } }),
    // The answer to refused bytes waits until what the upload had sent is gone.
    onResponseError: async (_request, error) => {
      if (error instanceof ArrivalRefusal) await error.removed;
      return undefined;
    },
    onUploadFinish: async (_request, upload) => {
      store.settle(upload);
      standings.forget(upload.id);
      for (const wake of [...(waiting.get(upload.id) ?? [])]) wake();
      return {};
    },
  });

  /** The upload's state, or null when there is none (never begun, finished and kept, or removed). */
  async function find(id: string) {
    try {
      return await store.getUpload(id);
    } catch {
      return null;
    }
  }

  type FoundUpload = NonNullable<Awaited<ReturnType<typeof find>>>;

  /** The whole recording once every byte of `upload` has arrived (its length declared and reached), else null. */
  const whole = (upload: FoundUpload | null): ArrivedRecording | null =>
    !upload || upload.size === undefined || upload.offset !== upload.size || upload.size === 0
      ? null
      : { path: store.pathOf(upload.id), bytes: upload.size, probe: store.verdictOf(upload) };

  return {
    store,
    /** What the route checked for each writer's recent PATCHes (upload-standing.ts). */
    standings,

    /**
     * Answers one tus request, whose caller the route has already allowed; `read` is the
     * reservation the route read for it, if it did, which the bytes are then held to.
     */
    handle: (request: Request, read?: { id: string; rules: ReservationRules }) =>
      read ? readByRoute.run(read, () => tus.handleWeb(request)) : tus.handleWeb(request),

    /** The reservation id a creation names in its Upload-Metadata, or null. */
    reservationIdOf(uploadMetadata: string | undefined): string | null {
      try {
        const id = Metadata.parse(uploadMetadata ?? undefined).recordingId;
        return id && recordingIdSchema.safeParse(id).success ? id : null;
      } catch {
        return null;
      }
    },

    exists: async (id: string) => (await find(id)) !== null,

    /** The upload's state (its offset, and its length once declared), or null when there is none. */
    find,

    /**
     * Whether `id` is a message still arriving: its reservation is open and bytes are streaming
     * into it. Its listen page then says so and plays it once complete (decision 0070).
     */
    async arriving(id: string): Promise<boolean> {
      if (!recordingIdSchema.safeParse(id).success) return false;
      const rules = await options.recordings.reservationRules(id);
      return (rules?.status === 'reserved' || rules?.status === 'uploading') && (await find(id)) !== null;
    },

    /** The whole recording once every byte has arrived (its length declared and reached), else null. */
    arrived: async (id: string) => whole(await find(id)),

    /**
     * arrived, waiting while the last pieces are still coming: a recorder sends upload-vocal at
     * Stop alongside its last PATCH rather than after it, saving a round trip on a slow link. Gives
     * up (null) when there is no such upload, when nothing has reached it for STALLED_MS, or after
     * `timeoutMs`; upload-vocal then asks for the recording as before.
     */
    async arrivedSoon(id: string, timeoutMs = ARRIVAL_WAIT_MS): Promise<ArrivedRecording | null> {
      const deadline = now() + timeoutMs;
      for (;;) {
        const upload = await find(id);
        if (!upload) return null;
        const done = whole(upload);
        if (done) return done;
        const touched = await stat(store.pathOf(id)).then(
          (info) => info.mtimeMs,
          () => 0,
        );
        if (now() - touched > STALLED_MS || now() > deadline) return null;
        await finishedOrPoll(id);
      }
    },

    /** Removing one that is not there is not an error. */
    remove: (id: string): Promise<void> => {
      standings.forget(id);
      return store.remove(id).catch(() => undefined);
    },

    /** Removes what nobody finished or completed in time: answers how many uploads went. */
    async sweep(): Promise<number> {
      const names = await readdir(options.directory).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        // A record a crash left half-written (atomic-file-kv-store.ts) is not an upload: it just goes.
        const leftover = name.startsWith('.') && name.endsWith('.partial');
        if (!leftover && !recordingIdSchema.safeParse(name).success) continue;
        const info = await stat(join(options.directory, name)).catch(() => null);
        if (!info || now() - info.mtimeMs < PROGRESSIVE_UPLOAD_LIFETIME_MS) continue;
        if (leftover) {
          await rm(join(options.directory, name), { force: true });
          continue;
        }
        await store.remove(name).catch(() => undefined);
        removed++;
      }
      return removed;
    },
  };
}

export type ProgressiveUploads = ReturnType<typeof createProgressiveUploads>;

/** tus's own refusals come as text; every API answer that is not 2xx is `{msg}`. */
export async function asJsonRefusal(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  let msg = text.trim() || 'The upload could not be handled';
  try {
    const parsed = JSON.parse(text) as { msg?: unknown };
    if (typeof parsed.msg === 'string') msg = parsed.msg;
  } catch {
    // tus's plain-text reason is the message.
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=UTF-8');
  headers.delete('content-length');
  return new Response(JSON.stringify({ msg }), { status: response.status, headers });
}
