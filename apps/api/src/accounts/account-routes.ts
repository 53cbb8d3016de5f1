import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { accountUpdateSchema, deleteAccountRequestSchema, imageUploadKindSchema } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { images } from '../db/schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { PICTURE_BYTES_LIMIT } from '../http/body-limit.ts';
import type { Config } from '../env.ts';
import { clientAddress } from '../http/client-address.ts';
import { badRequest, conflict, forbidden, HttpError, payloadTooLarge } from '../http/http-error.ts';
import { readJson } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { MediaPool } from '../media/media-pool.ts';
import { acceptPicture, AVATAR_PICTURE, DEFAULT_PICTURE } from './picture-intake.ts';
import type { AccountService } from './account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { EmailChangeService } from './email-change-service.ts';
import type { AddressConfirmationService } from './email-confirmation.ts';
import { verifyPassword } from './passwords.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { StorageQuota } from '../recordings/storage-quota.ts';
import type { TeamService } from '../teams/team-service.ts';
import type { TokenService } from './token-service.ts';
import type { Storage } from '../storage/storage.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { SIGN_IN_LIMIT } from '../openapi/description-parts.ts';
import { z } from 'zod';

export function accountRoutes(services: {
  db: Database;
  accounts: AccountService;
  tokens: TokenService;
  storage: Storage;
  limits: ApiLimits;
  storageQuota: StorageQuota;
  emailChanges: EmailChangeService;
  emailConfirmation: AddressConfirmationService;
  config: Config;
  teams: TeamService;
  media: MediaPool;
}) {
  const { db, accounts, storage, config } = services;
  const signedIn = requireUser(services);
  const throttle = createSignInThrottle(services.limits);

  async function checkPassword(context: Context<AppEnv>, check: () => Promise<void>) {
    const { email } = context.get('user');
    const address = clientAddress(context, config.trustProxy);
    const attempt = await throttle.reserve(email, address);
    try {
      await check();
      await attempt.succeeded({ created: false });
    } catch (error) {
      await (error instanceof HttpError && error.status === 403 ? attempt.failed('wrong-password') : attempt.abandoned());
      throw error;
    }
  }

  return (
    new Hono<AppEnv>()
      .get(
        '/account',
        described({
          tag: TAGS.account,
          summary: 'The signed-in user',
          access: 'self',
          answers: { 200: { description: 'The user', json: 'User' } },
        }),
        signedIn,
        async (context) => context.json(await accounts.toUser(context.get('user'))),
      )
      .post(
        '/account',
        described({
          tag: TAGS.account,
          summary: 'Change name, picture, locale or email address',
          description: 'A new address is applied when the link mailed to it is followed; changing it needs currentPassword.',
          access: 'self',
          body: { json: 'AccountUpdate' },
          answers: { 200: { description: 'The user as it is now', json: 'User' } },
          refusals: { 403: 'currentPassword is wrong, or a custom domain on the Free plan', 409: 'The address or the domain is taken' },
        }),
        signedIn,
        async (context) => {
          const { email, currentPassword, ...update } = await readJson(context, accountUpdateSchema);
          const user = context.get('user');
          const newEmail = email !== undefined && email !== user.email ? email : null;
          // The password is checked before anything changes, and guesses are throttled like sign-ins.
          if (newEmail) {
            await checkPassword(context, () => services.emailChanges.authorise(user, newEmail, currentPassword));
            // Each ask mails the new address: counted per account and per address asked for.
            await countAttempt(services.limits.emailChangesPerAccount, String(user.id), 'email changes asked for');
            await countAttempt(services.limits.emailChangesPerAddress, newEmail, 'confirmation mails to that address');
          }
          const updated = await accounts.update(user.id, update);
          if (newEmail) await services.emailChanges.start(user, context.get('sessionId'), newEmail);
          return context.json(updated);
        },
      )
      // The link in the confirmation mail: applies the change and lands on the settings page.
      .get(
        '/account/email/confirm',
        described({
          tag: TAGS.account,
          summary: 'The link of the address-change mail: applies the change and lands on the settings page',
          access: 'public',
          query: z.object({ token: z.string().optional() }),
          answers: { 303: { description: 'To /settings?email=<outcome>' } },
        }),
        async (context) => {
          const outcome = await services.emailChanges.confirm(context.req.query('token') ?? '');
          return context.redirect(`${config.publicUrl}/settings?email=${outcome}`, 303);
        },
      )
      // "Send the link again": a new account's address, while it is unconfirmed.
      .post(
        '/account/email/confirmation',
        described({
          tag: TAGS.account,
          summary: "Mail the link that confirms a new account's address again",
          description:
            'Until the address is confirmed, the server mails it nothing else and the contact form and collect page are closed (EMAIL_CONFIRMATION).',
          access: 'self',
          answers: { 202: { description: 'The link is on its way', json: 'Ok' } },
          refusals: { 409: 'The address is already confirmed', 429: 'Asked for too often' },
        }),
        signedIn,
        async (context) => {
          const user = context.get('user');
          if (services.emailConfirmation.isConfirmed(user)) throw conflict('Your email address is already confirmed');
          await countAttempt(services.limits.addressConfirmationsPerAccount, String(user.id), 'confirmation links asked for');
          await countAttempt(services.limits.emailChangesPerAddress, user.email, 'confirmation mails to that address');
          await services.emailConfirmation.send(user.id);
          return context.json({ ok: true }, 202);
        },
      )
      // The link in that mail: confirms the address and lands on the settings page.
      .get(
        '/account/email/verify',
        described({
          tag: TAGS.account,
          summary: "The link of the sign-up confirmation mail: confirms the account's address and lands on the settings page",
          access: 'public',
          query: z.object({ token: z.string().optional() }),
          answers: { 303: { description: 'To /settings?address=verified or ?address=invalid' } },
        }),
        async (context) => {
          const outcome = await services.emailConfirmation.verify(context.req.query('token') ?? '');
          return context.redirect(`${config.publicUrl}/settings?address=${outcome}`, 303);
        },
      )
      // The password confirms it (a stolen access token alone cannot delete an account), with
      // guesses throttled like sign-ins.
      .post(
        '/delete',
        described({
          tag: TAGS.account,
          summary: 'Delete the account and everything in it',
          access: 'self',
          body: { json: 'DeleteAccountRequest' },
          answers: { 200: { description: 'Deleted', json: 'Ok' } },
          refusals: { 403: 'The password is wrong', 429: SIGN_IN_LIMIT },
        }),
        signedIn,
        async (context) => {
          const { password } = await readJson(context, deleteAccountRequestSchema);
          const user = context.get('user');
          await checkPassword(context, async () => {
            if (!(await verifyPassword(password, user.passwordHash))) throw forbidden('password: is not the password of this account');
          });
          // A team owner's members lose the Pro they had through the team; a member's invite (their address) goes.
          const formerMembers = await services.teams.beforeAccountRemoval(user.id);
          await accounts.remove(user.id);
          await services.teams.afterAccountRemoval(formerMembers);
          return context.json({ ok: true });
        },
      )
      .get(
        '/share/:code',
        described({
          tag: TAGS.account,
          summary: "A user's public profile by their invite code",
          access: 'public',
          pathParameters: { code: 'The invite code (4 to 32 letters and digits).' },
          answers: { 200: { description: 'The public profile', json: 'PublicUser' } },
          refusals: { 404: 'No one has this code' },
        }),
        async (context) => {
          const code = context.req.param('code');
          if (!/^[A-Za-z0-9]{4,32}$/.test(code)) return context.json({ msg: 'No one has this share link' }, 404);
          return context.json(await accounts.publicUserByInviteCode(code));
        },
      )
      // Image upload (spec: multipart field img; returns url): avatars and logos. The optional
      // field kind says which: an avatar is stored as PNG, anything else as WebP (spec section 9).
      .post(
        '/image',
        described({
          tag: TAGS.account,
          summary: 'Upload a picture (avatar, logo)',
          access: 'self',
          body: { multipart: 'image' },
          answers: { 200: { description: 'Where it is served', json: 'ImageUploadResponse' } },
          refusals: {
            400: 'No img file, an empty one, one that cannot be read, or a kind other than avatar or logo',
            413: 'Larger than 5 MB, or over the storage quota',
            415: 'Not a PNG, JPEG or GIF',
            429: 'Too many pictures uploaded',
          },
        }),
        signedIn,
        async (context) => {
          const user = context.get('user');
          await countAttempt(services.limits.images, String(user.id), 'pictures uploaded');
          await services.storageQuota.assertRoom(user, { kind: 'owner' }, 0);
          const form = await context.req.parseBody().catch(() => {
            throw badRequest('The body must be multipart/form-data with a file field img');
          });
          const kind = form.kind === undefined ? undefined : imageUploadKindSchema.safeParse(form.kind);
          if (kind && !kind.success) throw badRequest('kind: must be avatar or logo');
          const file = form.img;
          if (!(file instanceof File)) throw badRequest('img: a file is required');
          if (file.size === 0) throw badRequest('img: the file is empty');
          if (file.size > PICTURE_BYTES_LIMIT) throw payloadTooLarge('img: the file is larger than 5 MB');
          // Decoded within pixel limits, fitted and stored re-encoded: never the bytes as sent.
          const picture = await acceptPicture(services.media, new Uint8Array(await file.arrayBuffer()), {
            field: 'img',
            output: kind?.data === 'avatar' ? AVATAR_PICTURE : DEFAULT_PICTURE,
          });
          await services.storageQuota.assertRoom(user, { kind: 'owner' }, picture.bytes.byteLength);
          const key = `images/${randomUUID()}.${picture.extension}`;
          await storage.put(key, picture.bytes, picture.contentType);
          await db.insert(images).values({ key, userId: user.id, bytes: picture.bytes.byteLength });
          return context.json({ url: storage.publicUrl(key) });
        },
      )
  );
}
