import { servePublicJson } from '../cache/serve-public-payload.ts';
import { Hono } from 'hono';
import {
  editRecordingSchema,
  getVocalFreeQuerySchema,
  getVocalQuerySchema,
  parseVisitorTarget,
  unlockVocalSchema,
} from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { JSON_BODY_LIMIT } from '../http/body-limit.ts';
import { clientAddress } from '../http/client-address.ts';
import { processScratchFolder } from '../processes/process-scratch.ts';
import { join } from 'node:path';
import { badRequest, payloadTooLarge, unauthorized, unsupportedMediaType } from '../http/http-error.ts';
import { receiveUpload } from '../http/multipart-upload.ts';
import { MP3_JUNK_MESSAGE, watchRecording } from '../media/audio-file.ts';
import { readJson, readQuery } from '../http/read-input.ts';
import { optionalUser, requireUser, SIGN_IN_FIRST } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import { MAX_IMAGE_BYTES, type RecordingService } from './recording-service.ts';
import { ownRecordingIdOf, publicRecordingIdOf } from './recording-id-param.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { Metrics } from '../observability/metrics.ts';
import { STILL_ARRIVING, type ProgressiveUploads } from '../uploads/progressive-uploads.ts';
import { unlessArriving } from '../uploads/unless-arriving.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID, ownRecording } from '../openapi/description-parts.ts';
import { z } from 'zod';
import type { MessagePrivacy } from '../listening/message-privacy.ts';

export function recordingRoutes(services: {
  config: Config;
  accounts: AccountService;
  tokens: TokenService;
  recordings: RecordingService;
  limits: ApiLimits;
  metrics: Metrics;
  progressiveUploads: ProgressiveUploads;
  privacy: MessagePrivacy;
}) {
  const { config, limits } = services;
  const signedIn = requireUser(services);
  const maybeSignedIn = optionalUser(services);
  // The multipart envelope around the two files and the context.
  const uploadLimit = config.maxUploadBytes + MAX_IMAGE_BYTES + 256 * 1024;

  return (
    new Hono<AppEnv>()
      .get(
        '/get-vocal',
        described({
          tag: TAGS.recordings,
          summary: 'Reserve a recording id for an upload',
          access: 'self',
          query: getVocalQuerySchema,
          answers: { 200: { description: 'The reserved id', json: 'GetVocalResponse' } },
          refusals: { 403: "The plan's limit is reached", 429: 'Too many reservations waiting for their upload' },
        }),
        signedIn,
        async (context) => {
          const { platform, conversation } = readQuery(context, getVocalQuerySchema);
          return context.json(await services.recordings.reserve(context.get('user'), platform, conversation ?? null));
        },
      )
      // Visitors (replies, contact forms, collections) record without an account.
      .get(
        '/get-vocal-free',
        described({
          tag: TAGS.recordings,
          summary: "Reserve a recording id for a visitor (a reply, a contact form's or a collection's message)",
          access: 'public',
          // A team-only message's team members reply signed in (decision 0075).
          security: 'optional-bearer',
          query: getVocalFreeQuerySchema,
          answers: { 200: { description: 'The reserved id', json: 'GetVocalResponse' } },
          refusals: {
            401: 'A reply to a private message without its unlock token (X-Unlock-Token) or, for a team-only one, signed out: {msg, protected: true, privacy}',
            403: "Replies are turned off, the contact form or collection is not open yet (its owner has not confirmed their address), or a team-only message's replier is not on the team",
            404: 'The target does not exist',
            429: 'Too many recordings from this address',
          },
        }),
        maybeSignedIn,
        async (context) => {
          const address = clientAddress(context, config.trustProxy);
          await countAttempt(limits.recordings, address, 'recordings from here');
          const { platform, target } = readQuery(context, getVocalFreeQuerySchema);
          const visitorTarget = parseVisitorTarget(target);
          // A reply to a private message needs what opens its payload: its unlock token, or a team member's session.
          if (visitorTarget.kind === 'reply') {
            await services.privacy.assertOpen(context, await services.recordings.cachedPublicPage(visitorTarget.recordingId));
          }
          return context.json(await services.recordings.reserveForVisitor(visitorTarget, platform, address));
        },
      )
      /*
       * A token is needed for the owner's own reservations only; a visitor's upload has none.
       * Who may upload is decided before the body is read, from the reservation id in the
       * address (?id=, or the X-Recording-Id header): without a token and without a visitor's
       * reservation id there, the answer is 401 at once. The body then streams to a temporary
       * file under DATA_DIR, never into memory. Clients that name the id only in the body's
       * context still work when they send a token.
       */
      .post(
        '/upload-vocal',
        described({
          tag: TAGS.recordings,
          summary: 'Upload the MP3 and waveform image of a reserved recording',
          description:
            "Name the reservation with ?id= (or X-Recording-Id) so who may upload is decided before the body is read; a visitor's reservation needs no token. Without a recording part, the recording is the one sent to /api/uploads/{id} while it was recorded, once all of it has arrived.",
          access: 'owner',
          security: 'optional-bearer',
          query: z.object({ id: z.string().optional() }),
          body: { multipart: 'upload' },
          answers: { 200: { description: 'Stored; the listen link', json: 'UploadResponse' } },
          refusals: {
            401: 'No token and no visitor reservation named',
            403: 'Not your reservation, or replies are turned off',
            404: 'Unknown reservation',
            409: 'Another request is uploading this recording',
            410: 'The recording has expired',
            413: 'Larger than MAX_UPLOAD_MB, or over the storage quota',
            415: 'The recording is not an MP3 file',
            429: 'Too many uploads from this address',
          },
        }),
        maybeSignedIn,
        async (context) => {
          // Set only when a token was sent (optionalUser).
          const user = (context.get('user') as UserRow | undefined) ?? null;
          const address = clientAddress(context, config.trustProxy);
          const beforeBody = async () => {
            const type = context.req.header('content-type') ?? '';
            if (!type.startsWith('multipart/form-data')) {
              if (!user) throw unauthorized(SIGN_IN_FIRST);
              throw badRequest('The body must be multipart/form-data with fields recording, image and context');
            }
            const declaredLength = Number(context.req.header('content-length'));
            if (declaredLength > uploadLimit) {
              throw payloadTooLarge(`The request body is larger than ${Math.round(uploadLimit / 1024 / 1024)} MB`);
            }
            const id = context.req.query('id') ?? context.req.header('x-recording-id');
            if (id === undefined) {
              if (!user) throw unauthorized(SIGN_IN_FIRST);
              return null;
            }
            const reservation = await services.recordings.reservationFor(user, id);
            if (reservation.visitor) await countAttempt(limits.uploads, address, 'uploads from here');
            await services.recordings.assertUploadRoom(reservation, address);
            return reservation;
          };
          // A refusal before the body is read ends the connection once the rest of the body is drained
          // for a bounded time and size (http/lingering-close.ts), so the client reads the answer.
          const closing = (error: unknown) => {
            context.header('connection', 'close');
            throw error;
          };
          const reservation = await beforeBody().catch(closing);
          const watch = watchRecording();
          const received = await receiveUpload(context.req.raw, {
            // Junk is refused as soon as it shows, not after the rest of it has been written to disk.
            inspectRecording: (chunk) => {
              const verdict = watch(chunk);
              if (verdict === 'junk') throw badRequest(MP3_JUNK_MESSAGE);
              if (verdict === 'not-mp3') throw unsupportedMediaType('recording: is not an MP3 file');
            },
            // This process's own scratch folder: what a crash leaves there goes at the next start.
            folder: join(processScratchFolder(config.dataDir), 'uploads'),
            incoming: context.env?.incoming,
            limits: {
              totalBytes: uploadLimit,
              recordingBytes: config.maxUploadBytes,
              imageBytes: MAX_IMAGE_BYTES,
              contextBytes: JSON_BODY_LIMIT,
            },
          }).catch(closing);
          // Counted as received, whether or not the upload is then accepted: it is the load on the server.
          if (received.recording) services.metrics.uploadBytes.inc(received.recording.bytes);
          try {
            const target = await services.recordings.uploadTarget(user, received.contextText, reservation?.row.id);
            if (target.visitor) {
              if (!reservation) await countAttempt(limits.uploads, address, 'uploads from here');
              if (target.row.origin === 'contact-form' && target.row.status === 'reserved' && target.context.email) {
                await countAttempt(limits.contactMessagesPerEmail, target.context.email, 'messages from this email address');
              }
            }
            // No recording part: the recorder sent it while the person spoke (uploads/progressive-uploads.ts).
            const recording = received.recording ?? (await services.progressiveUploads.arrivedSoon(target.row.id));
            const result = await services.recordings
              .upload(target, { recording, image: received.image }, address)
              .catch(async (error: unknown) => {
                // A completion racing another took its bytes away mid-way: the other's message is the answer.
                if (received.recording || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
                return services.recordings.upload(target, { recording: null, image: received.image }, address);
              });
            // The streamed bytes are the message's now: removed beside the answer, not before it.
            if (!received.recording) void services.progressiveUploads.remove(target.row.id);
            return context.json(result, 200);
          } finally {
            await received.dispose();
          }
        },
      )
      .get(
        '/replies/:id',
        described({
          tag: TAGS.recordings,
          summary: 'The voice replies to one of my messages',
          ...ownRecording(),
          answers: { 200: { description: 'The replies', json: 'Replies' } },
        }),
        signedIn,
        async (context) => {
          const id = ownRecordingIdOf(context);
          return context.json({ replies: await services.recordings.replies(context.get('user').id, id) });
        },
      )
      .get(
        '/audio',
        described({
          tag: TAGS.recordings,
          summary: 'My recordings and what visitors sent me, newest first',
          access: 'self',
          answers: { 200: { description: 'The recordings', json: 'Recordings' } },
        }),
        signedIn,
        async (context) => context.json({ audios: await services.recordings.list(context.get('user').id) }),
      )
      .delete(
        '/delete/:id',
        described({
          tag: TAGS.recordings,
          summary: 'Delete one of my recordings',
          ...ownRecording(),
          answers: { 200: { description: 'Deleted', json: 'Ok' } },
        }),
        signedIn,
        async (context) => {
          const id = ownRecordingIdOf(context);
          await services.recordings.remove(context.get('user').id, id);
          // A recording still streaming in goes too: its recorder's next PATCH finds no upload (404).
          await services.progressiveUploads.remove(id);
          return context.json({ ok: true });
        },
      )
      .post(
        '/edit/:id',
        described({
          tag: TAGS.recordings,
          summary: "Change a recording's subject, expiry date or who may listen",
          description:
            "privacy 'password' with a password protects the listen link (a new password replaces the old one and ends every unlock token); privacy 'team' keeps it to the owner's team, signed in (400 for someone in no team); privacy 'public' opens it again. Only a hash of the password is kept. Made private, its files move to names nobody can guess.",
          ...ownRecording({
            409: 'Its audio was replaced (re-encoded) while its files moved: try again',
            410: 'Expired: its expiry date can no longer change',
          }),
          body: { json: 'EditRecording' },
          answers: { 200: { description: 'The recording as it is now', json: 'Recording' } },
        }),
        signedIn,
        async (context) => {
          const id = ownRecordingIdOf(context);
          const edit = await readJson(context, editRecordingSchema);
          return context.json(await services.recordings.edit(context.get('user'), id, edit));
        },
      )
      .post(
        '/unlock-vocal/:id',
        described({
          tag: TAGS.recordings,
          summary: 'Unlock a password-protected message with its password',
          description:
            'A right password answers an unlock token for view-vocal, comments and replies (header X-Unlock-Token), good for an hour. Wrong passwords are counted per message and address, and per message.',
          access: 'public',
          pathParameters: { id: RECORDING_ID },
          body: { json: 'UnlockVocal' },
          answers: { 200: { description: 'The unlock token', json: 'UnlockVocalResponse' } },
          refusals: {
            400: 'No password, or the message has none (a team-only message opens to its team signed in)',
            401: 'The password is not right',
            404: 'Unknown or deleted',
            410: 'Expired',
            429: 'Too many wrong passwords for this message from here',
          },
        }),
        async (context) => {
          const id = publicRecordingIdOf(context);
          const { password } = await readJson(context, unlockVocalSchema);
          const cached = await services.recordings.cachedPublicPage(id);
          const unlocked = await services.privacy.unlock(cached, password, clientAddress(context, config.trustProxy));
          return context.json(unlocked, 200, { 'cache-control': 'no-store' });
        },
      )
      .get(
        '/view-vocal/:id',
        described({
          tag: TAGS.recordings,
          summary: 'What a listen page shows: the message, its owner and their page settings',
          description:
            "A password-protected message answers 401 {msg, protected: true, privacy: 'password'} unless the request carries its unlock token (X-Unlock-Token, from POST /api/unlock-vocal/{id}) or its owner's bearer token. A team-only one answers 401 {msg, protected: true, privacy: 'team'} signed out, and 403 to someone signed in who is not on the owner's team. An opened payload names its files at signed addresses and is not cached.",
          access: 'public',
          security: 'optional-bearer',
          pathParameters: { id: RECORDING_ID },
          answers: {
            200: { description: 'The public payload, with its ETag; cacheable for PUBLIC_CACHE_SECONDS', json: 'PublicListenPayload' },
            202: { description: '{msg, arriving: true}: its recording is still streaming in (POST /api/uploads); ask again' },
            304: { description: 'Not modified (If-None-Match matched its ETag)' },
          },
          refusals: {
            401: 'Private, and no valid unlock token (a password) or no session (team-only): {msg, protected: true, privacy}',
            403: "Team-only, and the signed-in person is not on the owner's team",
            404: 'Unknown or deleted',
            410: 'Expired',
          },
        }),
        maybeSignedIn,
        async (context) => {
          const id = publicRecordingIdOf(context);
          // Still streaming in: 202, so a listen page opened early knows to ask again (src/uploads/).
          const cached = await unlessArriving(
            () => services.recordings.cachedPublicPage(id),
            () => services.progressiveUploads.arriving(id),
          );
          if (!cached) return context.json({ msg: STILL_ARRIVING, arriving: true }, 202, { 'cache-control': 'no-store' });
          if ((await services.privacy.assertOpen(context, cached)) === 'unlocked') {
            // Each answer carries its own signed addresses: for this listener alone, never kept.
            return context.json(await services.privacy.unlockedPayload(cached.page), 200, { 'cache-control': 'private, no-store' });
          }
          // From memory after the first read; a client holding this version gets a 304.
          return servePublicJson(context, cached, {
            cacheSeconds: services.config.listenPath.publicCacheSeconds,
            recordingId: id,
          });
        },
      )
  );
}
