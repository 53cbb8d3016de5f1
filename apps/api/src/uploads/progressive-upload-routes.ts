import { Hono, type Context } from 'hono';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { badRequest, conflict, gone, notFound } from '../http/http-error.ts';
import { optionalUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import type { RecordingService } from '../recordings/recording-service.ts';
import type { StorageQuota, StorageWriter } from '../recordings/storage-quota.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { asJsonRefusal, type ProgressiveUploads, type ReservationRules } from './progressive-uploads.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID } from '../openapi/description-parts.ts';

const TUS_HEADERS = /^(access-control-|vary$)/;

/** The header every tus request but discovery carries (tus 1.0, "Tus-Resumable"). */
const TUS_RESUMABLE = { 'Tus-Resumable': 'The protocol version: 1.0.0' };

/**
 * The tus 1.0 endpoint (POST /api/uploads, HEAD/PATCH/DELETE /api/uploads/{id}). Who may write is
 * decided here, before tus reads a byte, with upload-vocal's own rule: a visitor's reservation
 * needs no token, the owner's needs the owner's (401 without one, 404 for anyone else). Room in
 * the account (and a visitor's daily share) is checked before each PATCH with the bytes it
 * declares, against what the writer's last PATCH read when that is recent (upload-standing.ts);
 * the bytes themselves are checked as they arrive (checked-file-store.ts).
 */
export function progressiveUploadRoutes(services: {
  config: Config;
  accounts: AccountService;
  tokens: TokenService;
  recordings: RecordingService;
  storageQuota: StorageQuota;
  progressiveUploads: ProgressiveUploads;
}) {
  const { config, progressiveUploads: uploads } = services;
  const maybeSignedIn = optionalUser(services);
  const userOf = (context: Context<AppEnv>) => (context.get('user') as UserRow | undefined) ?? null;

  async function answer(context: Context<AppEnv>, read?: { id: string; rules: ReservationRules }) {
    const response = await asJsonRefusal(await uploads.handle(context.req.raw, read));
    // Our CORS policy (http/cors-policy.ts) sets these for every API answer.
    for (const name of [...response.headers.keys()]) if (TUS_HEADERS.test(name)) response.headers.delete(name);
    return response;
  }

  return (
    new Hono<AppEnv>()
      .options(
        '/uploads',
        described({
          tag: TAGS.recordings,
          summary: 'What the tus endpoint supports',
          description:
            'tus 1.0 discovery: Tus-Version, Tus-Extension (creation, creation-defer-length, termination, expiration) and Tus-Max-Size.',
          access: 'public',
          answers: { 204: { description: 'The tus headers' } },
        }),
        (context) => answer(context),
      )
      .post(
        '/uploads',
        described({
          tag: TAGS.recordings,
          summary: 'Begin sending a reserved recording while it is recorded (tus 1.0)',
          description:
            "Tus-Resumable: 1.0.0, Upload-Defer-Length: 1 (or Upload-Length) and Upload-Metadata naming recordingId, the id get-vocal reserved. The upload lives at /api/uploads/{recordingId}; once its length is reached, POST upload-vocal without a recording part makes the message. Same access as upload-vocal: a visitor's reservation needs no token.",
          access: 'owner',
          security: 'optional-bearer',
          headers: {
            ...TUS_RESUMABLE,
            'Upload-Length': 'The whole length in bytes, when it is known',
            'Upload-Defer-Length': '1 while it is not (a recording still being made)',
            'Upload-Metadata': 'recordingId and its base64 value: the reservation',
          },
          answers: { 201: { description: 'Created; Location names the upload' } },
          refusals: {
            400: 'Upload-Metadata does not name a reservation',
            401: 'No token and not a visitor reservation',
            404: 'Unknown reservation, or not yours (one answer)',
            409: 'An upload of it has begun already (resume it there)',
            410: 'The recording was sent already',
            413: 'Upload-Length is over MAX_UPLOAD_MB, or over the storage quota',
            429: "A visitor has sent their day's share to this account",
          },
        }),
        maybeSignedIn,
        async (context) => {
          const id = uploads.reservationIdOf(context.req.header('upload-metadata'));
          if (!id) throw badRequest('Upload-Metadata: recordingId, the id get-vocal reserved, is required');
          const address = clientAddress(context, config.trustProxy);
          const reservation = await services.recordings.reservationFor(userOf(context), id);
          // 410, not 409: a client creating it again (tus-js-client reads 409 as "ask what arrived") must not retry.
          if (reservation.row.status !== 'reserved') throw gone('This recording has been sent already');
          if (await uploads.exists(id)) throw conflict(`An upload of this recording has begun already: resume it at /api/uploads/${id}`);
          // Not counted against a visitor's uploads: one upload per reservation, and reservations are
          // counted (get-vocal-free); upload-vocal counts the message once, as for a whole file.
          await services.recordings.assertUploadRoom(reservation, address);
          return answer(context);
        },
      )
      // Hono routes a HEAD through its GET handlers; a GET itself is refused: nothing is read back from here.
      .on(
        ['GET', 'PATCH', 'DELETE'],
        '/uploads/:id',
        described({
          GET: {
            tag: TAGS.recordings,
            summary: 'How much of an upload has arrived (HEAD)',
            description:
              'HEAD answers Upload-Offset (and Upload-Length once declared); a GET is refused with 405, as nothing is read back.',
            access: 'owner',
            security: 'optional-bearer',
            pathParameters: { id: RECORDING_ID },
            headers: TUS_RESUMABLE,
            answers: { 200: { description: 'Upload-Offset says how many bytes arrived' } },
            refusals: {
              401: 'No token and not a visitor reservation',
              404: 'No such upload, or not yours (one answer)',
              405: 'GET: an upload is not read back',
            },
          },
          PATCH: {
            tag: TAGS.recordings,
            summary: 'Send the next bytes of a recording (tus 1.0)',
            description:
              'Upload-Offset must be what HEAD says; the last PATCH may declare Upload-Length. Every byte is checked as it arrives: MP3 frames only, and the length the frames play against the plan (Free: one minute; visitors: their cap). A refused upload is removed whole; the reservation stays.',
            access: 'owner',
            security: 'optional-bearer',
            pathParameters: { id: RECORDING_ID },
            headers: {
              ...TUS_RESUMABLE,
              'Upload-Offset': 'Where these bytes begin: what HEAD said had arrived',
              'Upload-Length': 'The whole length, on the last PATCH of a deferred one',
            },
            body: { bytes: 'application/offset+octet-stream' },
            answers: { 204: { description: 'Received; Upload-Offset is the new offset' } },
            refusals: {
              400: 'More than 16 KB of what was sent is not MP3 audio',
              401: 'No token and not a visitor reservation',
              403: "Longer than the plan's or the visitors' limit",
              404: 'No such upload, or not yours (one answer)',
              409: 'Upload-Offset is not what has arrived',
              413: 'Over MAX_UPLOAD_MB, or over the storage quota',
              415: 'What was sent is not MP3 audio',
              429: "A visitor has sent their day's share to this account",
            },
          },
          DELETE: {
            tag: TAGS.recordings,
            summary: 'Abandon an upload (tus termination)',
            description: 'Removes what arrived; the reservation stays. Uploads nobody finishes are removed after a day.',
            access: 'owner',
            security: 'optional-bearer',
            pathParameters: { id: RECORDING_ID },
            headers: TUS_RESUMABLE,
            answers: { 204: { description: 'Removed' } },
            refusals: { 401: 'No token and not a visitor reservation', 404: 'No such upload, or not yours (one answer)' },
          },
        }),
        maybeSignedIn,
        async (context) => {
          const id = context.req.param('id');
          const user = userOf(context);
          const address = clientAddress(context, config.trustProxy);
          const patching = context.req.method === 'PATCH';
          // What this writer's last PATCH checked, if recent (upload-standing.ts); read again otherwise.
          const writer = `${user?.id ?? 'visitor'} ${address}`;
          const kept = patching ? uploads.standings.get(id, writer) : null;
          const reservation = kept?.reservation ?? (await services.recordings.reservationFor(user, id));
          if (context.req.method === 'GET') {
            return context.json({ msg: 'An upload is not read back: listen to the message at its link' }, 405);
          }
          const upload = await uploads.find(id);
          if (!upload) throw notFound('There is no upload of this recording; begin one with POST /api/uploads');
          if (!patching) return answer(context);
          const declared = Number(context.req.header('content-length') ?? 0);
          const needed = upload.offset + (Number.isFinite(declared) ? declared : 0);
          const { row, owner, visitor } = reservation;
          const storageWriter: StorageWriter = visitor
            ? { kind: 'visitor', address: await services.recordings.visitorKey(address) }
            : { kind: 'owner' };
          let roomBytes = kept?.roomBytes;
          if (roomBytes === undefined || needed > roomBytes || roomBytes <= 0) {
            // Refused in the quota's own words (413, or 429 for a visitor's day); else the room there
            // is now, freed since the last look or not.
            roomBytes = await services.storageQuota.assertRoom(owner, storageWriter, needed);
          }
          uploads.standings.set(id, writer, { reservation, roomBytes });
          return answer(context, { id, rules: { owner, visitor, status: row.status } });
        },
      )
  );
}
