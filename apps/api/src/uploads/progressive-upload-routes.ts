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

const TUS_HEADERS = /^(access-control-|vary$)/;

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
      .options('/uploads', (context) => answer(context))
      .post('/uploads', maybeSignedIn, async (context) => {
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
      })
      // Hono routes a HEAD through its GET handlers; a GET itself is refused: nothing is read back from here.
      .on(['GET', 'PATCH', 'DELETE'], '/uploads/:id', maybeSignedIn, async (context) => {
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
      })
  );
}
