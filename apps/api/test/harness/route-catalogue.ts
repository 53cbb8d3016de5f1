import { z } from 'zod';
import {
  accountUpdateSchema,
  apiTokenRequestSchema,
  webhookRequestSchema,
  changePasswordRequestSchema,
  contactMessageSchema,
  couponRequestSchema,
  createFolderSchema,
  credentialsSchema,
  deleteAccountRequestSchema,
  deleteFolderSchema,
  editRecordingSchema,
  feedbackRequestSchema,
  forgotPasswordRequestSchema,
  heardReportSchema,
  getVocalFreeQuerySchema,
  getVocalQuerySchema,
  answerRequestSchema,
  inboxQuerySchema,
  inboxReadSchema,
  inviteRequestSchema,
  inviteSignUpSchema,
  joinInviteQuerySchema,
  microsoftAuthRequestSchema,
  mailUnsubscribeQuerySchema,
  moveRecordingSchema,
  newCommentSchema,
  oembedQuerySchema,
  personalisationSchema,
  renameFolderSchema,
  resetPasswordRequestSchema,
  resetTokenCheckSchema,
  signUpRequestSchema,
  transcriptEditSchema,
  recordingHandoffClaimSchema,
  recordingHandoffRequestSchema,
  recordingHandoffShareSchema,
  sessionHandoffClaimSchema,
  subscriptionRequestSchema,
} from '@vocal/settings-model';
import { adminCreateUserSchema, adminSetPlanSchema } from '../../src/admin/admin-service.ts';
import { adminCouponCodeSchema, adminCreateCouponSchema } from '../../src/billing/coupon-service.ts';
import { TEST_MICROSOFT_CLIENT_ID, TEST_MICROSOFT_TENANT, unsignedMicrosoftToken } from './microsoft-identity-server.ts';

/**
 * Who may call a route:
 * - `owner`: signed in, and the route names one of the owner's resources (path or body);
 * - `self`: signed in, and it acts only on the caller's own account;
 * - `public`: anyone (a token, when one is sent, must still be valid);
 * - `admin`: the admin token from the data folder, on this machine only;
 * - `middleware`: not a handler of its own (app.use, the API's 404 fallback).
 */
export type Access = 'owner' | 'self' | 'public' | 'admin' | 'middleware';

/** The ids a user's data goes by, to aim requests at (see user-with-data.ts). */
export type Resources = {
  email: string;
  recordingId: string;
  /** Reserved, with a progressive upload begun in it. */
  uploadingId: string;
  replyId: string;
  folderId: string;
  commentId: string;
  apiTokenId: string;
  webhookId: string;
  imageKey: string;
  inviteCode: string;
};

/** What a route reads from the request, so the fuzz suite knows what to generate. */
export type RouteInput =
  | { kind: 'none' }
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'query'; schema: z.ZodType }
  | { kind: 'multipart'; form: 'upload' | 'image' }
  /** tus 1.0: its headers and raw bytes (src/uploads/). */
  | { kind: 'tus' };

/** One request aimed at a user's resources: a path (with its query) and, for some, a JSON body or a form. */
export type AimedRequest = {
  path: string;
  json?: unknown;
  form?: 'upload' | 'image';
  /** Headers of the protocol the route speaks (tus), and a raw body. */
  headers?: Record<string, string>;
  bytes?: Uint8Array;
  /** It names the other user's data, so it must be refused even on a `self` route. */
  refused?: boolean;
};

export type RouteKnowledge = {
  access: Access;
  input: RouteInput;
  /** The requests this route is sent in the authorization matrix, at `resources` of another user. */
  aimedAt?: (resources: Resources) => AimedRequest | AimedRequest[];
  /** Ends the caller's session or account: the fuzz suite sends it only without a valid token. */
  endsSession?: boolean;
};

const none: RouteInput = { kind: 'none' };
const json = (schema: z.ZodType): RouteInput => ({ kind: 'json', schema });
const query = (schema: z.ZodType): RouteInput => ({ kind: 'query', schema });
const tus: RouteInput = { kind: 'tus' };
const TUS_VERSION = { 'tus-resumable': '1.0.0' };
/** A tus request at the victim's upload under way. */
const atUpload = (r: Resources, headers: Record<string, string> = {}, bytes?: Uint8Array): AimedRequest => ({
  path: `/api/uploads/${r.uploadingId}`,
  headers: { ...TUS_VERSION, ...headers },
  ...(bytes ? { bytes } : {}),
});

/**
 * Every route of the app, by `METHOD path` as Hono's route table names it. A route missing here
 * fails both the authorization matrix and the fuzz suite, so a new route cannot be forgotten.
 */
export const ROUTE_CATALOGUE: Record<string, RouteKnowledge> = {
  // app.use (request id, compression, custom domains, frame policy) and the API's 404 fallback.
  'ALL /*': { access: 'middleware', input: none },
  'ALL /api/*': { access: 'middleware', input: none },
  'ALL /api/admin/*': { access: 'middleware', input: none },

  'POST /api/auth': {
    access: 'public',
    input: json(credentialsSchema),
    aimedAt: (r) => ({ path: '/api/auth', json: { email: r.email, password: 'not the password at all' } }),
  },
  'POST /api/signin': {
    access: 'public',
    input: json(credentialsSchema),
    aimedAt: (r) => ({ path: '/api/signin', json: { email: r.email, password: 'not the password at all' } }),
  },
  'POST /api/signup': {
    access: 'public',
    input: json(signUpRequestSchema),
    aimedAt: (r) => ({ path: '/api/signup', json: { email: r.email, password: 'not the password at all', name: 'Taken over' } }),
  },
  'GET /api/signup-policy': { access: 'public', input: none, aimedAt: () => ({ path: '/api/signup-policy' }) },
  // A hand-written Microsoft token naming the victim's address: anyone could make one.
  'POST /api/microsoft-auth': {
    access: 'public',
    input: json(microsoftAuthRequestSchema),
    aimedAt: (r) => ({
      path: '/api/microsoft-auth',
      json: {
        token: unsignedMicrosoftToken({
          aud: TEST_MICROSOFT_CLIENT_ID,
          iss: `https://login.microsoftonline.com/${TEST_MICROSOFT_TENANT}/v2.0`,
          tid: TEST_MICROSOFT_TENANT,
          preferred_username: r.email,
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      },
      refused: true,
    }),
  },
  // The link's token is the credential; asking for one mails only the address's owner.
  'POST /api/password/forgot': {
    access: 'public',
    input: json(forgotPasswordRequestSchema),
    aimedAt: (r) => ({ path: '/api/password/forgot', json: { email: r.email } }),
  },
  'POST /api/password/reset/check': {
    access: 'public',
    input: json(resetTokenCheckSchema),
    aimedAt: () => ({ path: '/api/password/reset/check', json: { token: 'not-a-token-anyone-was-sent' } }),
  },
  'POST /api/password/reset': {
    access: 'public',
    input: json(resetPasswordRequestSchema),
    aimedAt: () => ({ path: '/api/password/reset', json: { token: 'not-a-token-anyone-was-sent', password: 'a brand new passphrase' } }),
  },
  'POST /api/password/change': {
    access: 'self',
    input: json(changePasswordRequestSchema),
    aimedAt: () => ({
      path: '/api/password/change',
      json: { currentPassword: 'not the password at all', newPassword: 'a brand new passphrase' },
    }),
  },
  'POST /api/refresh': { access: 'self', input: none, aimedAt: () => ({ path: '/api/refresh' }) },
  'POST /api/logout': { access: 'self', input: none, endsSession: true, aimedAt: () => ({ path: '/api/logout' }) },
  'GET /api/account': { access: 'self', input: none, aimedAt: () => ({ path: '/api/account' }) },
  'POST /api/account': {
    access: 'self',
    input: json(accountUpdateSchema),
    aimedAt: (r) => ({ path: '/api/account', json: { email: r.email, name: 'Taken over' }, refused: true }),
  },
  // The link in the confirmation mail: its token is the credential, so anyone may follow it.
  'GET /api/account/email/confirm': {
    access: 'public',
    input: query(z.object({ token: z.string() })),
    aimedAt: () => ({ path: '/api/account/email/confirm?token=not-a-token-anyone-was-sent' }),
  },
  'POST /api/account/email/confirmation': {
    access: 'self',
    input: none,
    aimedAt: () => ({ path: '/api/account/email/confirmation' }),
  },
  // The link in the sign-up confirmation mail: signed, so anyone may follow it.
  'GET /api/account/email/verify': {
    access: 'public',
    input: query(z.object({ token: z.string() })),
    aimedAt: () => ({ path: '/api/account/email/verify?token=1.1.not-a-token-anyone-was-sent' }),
  },
  'GET /api/tokens': { access: 'self', input: none, aimedAt: () => ({ path: '/api/tokens' }) },
  'POST /api/tokens': {
    access: 'self',
    input: json(apiTokenRequestSchema),
    aimedAt: () => ({ path: '/api/tokens', json: { name: 'Not yours', scope: 'read' } }),
  },
  'DELETE /api/tokens/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/tokens/${r.apiTokenId}` }) },
  'GET /api/webhooks': { access: 'self', input: none, aimedAt: () => ({ path: '/api/webhooks' }) },
  'POST /api/webhooks': {
    access: 'self',
    input: json(webhookRequestSchema),
    aimedAt: () => ({ path: '/api/webhooks', json: { url: 'https://example.invalid/hook', events: ['message.created'] } }),
  },
  'DELETE /api/webhooks/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/webhooks/${r.webhookId}` }) },
  'POST /api/webhooks/:id/test': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/webhooks/${r.webhookId}/test` }) },
  'POST /api/delete': {
    access: 'self',
    input: json(deleteAccountRequestSchema),
    endsSession: true,
    aimedAt: () => ({ path: '/api/delete', json: { password: 'not the password at all' } }),
  },
  'GET /api/share/:code': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/share/${r.inviteCode}` }) },
  'POST /api/image': {
    access: 'self',
    input: { kind: 'multipart', form: 'image' },
    aimedAt: () => ({ path: '/api/image', form: 'image' }),
  },
  'GET /api/get-vocal': { access: 'self', input: query(getVocalQuerySchema), aimedAt: () => ({ path: '/api/get-vocal' }) },
  'GET /api/get-vocal-free': {
    access: 'public',
    input: query(getVocalFreeQuerySchema),
    aimedAt: (r) => ({ path: `/api/get-vocal-free?target=reply:${r.recordingId}` }),
  },
  'POST /api/upload-vocal': {
    access: 'owner',
    input: { kind: 'multipart', form: 'upload' },
    // The id in the address (checked before the body is read), and the older form: only in the context.
    aimedAt: (r) => [
      { path: `/api/upload-vocal?id=${r.recordingId}`, form: 'upload' },
      { path: '/api/upload-vocal', form: 'upload' },
    ],
  },
  'OPTIONS /api/uploads': { access: 'public', input: tus, aimedAt: () => ({ path: '/api/uploads', headers: TUS_VERSION }) },
  'POST /api/uploads': {
    access: 'owner',
    input: tus,
    aimedAt: (r) => ({
      path: '/api/uploads',
      headers: { ...TUS_VERSION, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${btoa(r.uploadingId)}` },
    }),
  },
  // GET also answers HEAD (Hono); both are aimed at.
  'GET /api/uploads/:id': { access: 'owner', input: tus, aimedAt: (r) => atUpload(r) },
  'PATCH /api/uploads/:id': {
    access: 'owner',
    input: tus,
    aimedAt: (r) =>
      atUpload(r, { 'upload-offset': '4096', 'content-type': 'application/offset+octet-stream' }, new Uint8Array(2048).fill(0xff)),
  },
  'DELETE /api/uploads/:id': { access: 'owner', input: tus, aimedAt: (r) => atUpload(r) },
  'GET /api/replies/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/replies/${r.recordingId}` }) },
  'GET /api/audio': { access: 'self', input: none, aimedAt: () => ({ path: '/api/audio' }) },
  'DELETE /api/delete/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/delete/${r.recordingId}` }) },
  'POST /api/edit/:id': {
    access: 'owner',
    input: json(editRecordingSchema),
    aimedAt: (r) => ({ path: `/api/edit/${r.recordingId}`, json: { subject: 'Taken over', expiryDate: null } }),
  },
  'GET /api/view-vocal/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/view-vocal/${r.recordingId}` }) },
  'GET /api/recordings': { access: 'self', input: none, aimedAt: () => ({ path: '/api/recordings' }) },
  'POST /api/recordings': {
    access: 'owner',
    input: json(moveRecordingSchema),
    aimedAt: (r) => ({ path: '/api/recordings', json: { audio_uuid: r.recordingId, folder_id: null } }),
  },
  'GET /api/inbox': {
    access: 'self',
    input: query(inboxQuerySchema),
    aimedAt: (r) => [
      { path: '/api/inbox' },
      { path: `/api/inbox?q=${encodeURIComponent(r.email)}` },
      // Another user's folder is refused, never listed.
      { path: `/api/inbox?folder=${r.folderId}`, refused: true },
    ],
  },
  'GET /api/inbox/summary': { access: 'self', input: none, aimedAt: () => ({ path: '/api/inbox/summary' }) },
  'POST /api/inbox/read': {
    access: 'owner',
    input: json(inboxReadSchema),
    aimedAt: (r) => [
      { path: '/api/inbox/read', json: { ids: [r.replyId] } },
      { path: '/api/inbox/read', json: { ids: [r.replyId, r.recordingId], read: false } },
      { path: '/api/inbox/read', json: { commentIds: [r.commentId] } },
    ],
  },
  'POST /api/inbox/answers': {
    access: 'owner',
    input: json(answerRequestSchema),
    aimedAt: (r) => [
      { path: '/api/inbox/answers', json: { messageId: r.replyId, text: 'An answer in someone else’s name' } },
      { path: '/api/inbox/answers', json: { commentId: r.commentId, text: 'An answer in someone else’s name' } },
      // Another user's message given as the voice answer is refused too.
      { path: '/api/inbox/answers', json: { messageId: r.replyId, recordingId: r.recordingId } },
    ],
  },
  'POST /api/folder': { access: 'self', input: json(createFolderSchema), aimedAt: () => ({ path: '/api/folder', json: { name: 'Mine' } }) },
  'PUT /api/folder': {
    access: 'owner',
    input: json(renameFolderSchema),
    aimedAt: (r) => ({ path: '/api/folder', json: { uuid: r.folderId, name: 'Taken over' } }),
  },
  'DELETE /api/folder': {
    access: 'owner',
    input: json(deleteFolderSchema),
    aimedAt: (r) => ({ path: '/api/folder', json: { uuid: r.folderId } }),
  },
  'GET /api/personalisation': { access: 'self', input: none, aimedAt: () => ({ path: '/api/personalisation' }) },
  'POST /api/personalisation': {
    access: 'self',
    // The patch schema takes each section loosely; the full schema gives the fuzz suite their shapes.
    input: json(personalisationSchema.partial()),
    aimedAt: () => ({ path: '/api/personalisation', json: { user: { name: 'Taken over' } } }),
  },
  'POST /api/feedback': {
    access: 'public',
    input: json(feedbackRequestSchema),
    aimedAt: () => ({ path: '/api/feedback', json: { comments: 'Something is not right here.' } }),
  },
  // Where the web app sends its error reports: the same answer for everyone.
  'GET /api/error-reporting': { access: 'public', input: none, aimedAt: () => ({ path: '/api/error-reporting' }) },
  'GET /api/transcription/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/transcription/${r.recordingId}` }) },
  'POST /api/transcription/:id/retry': {
    access: 'owner',
    input: none,
    aimedAt: (r) => ({ path: `/api/transcription/${r.recordingId}/retry` }),
  },
  'PUT /api/transcription/:id': {
    access: 'owner',
    input: json(transcriptEditSchema),
    aimedAt: (r) => ({ path: `/api/transcription/${r.recordingId}`, json: { sentences: ['Someone else wrote this.'] } }),
  },
  'GET /api/reencode/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/reencode/${r.recordingId}` }) },
  'GET /api/comments/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/comments/${r.recordingId}` }) },
  'POST /api/comments/:id': {
    access: 'public',
    input: json(newCommentSchema),
    aimedAt: (r) => ({ path: `/api/comments/${r.recordingId}`, json: { text: 'A comment from anyone' } }),
  },
  'DELETE /api/comments/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/comments/${r.commentId}` }) },
  'GET /api/track/view-vocal/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/track/view-vocal/${r.recordingId}` }) },
  'GET /api/views/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/views/${r.recordingId}` }) },
  'GET /api/analytics/:id': { access: 'owner', input: none, aimedAt: (r) => ({ path: `/api/analytics/${r.recordingId}` }) },
  // Anyone holding a listen's id (only its listener was given it) may report how much was heard.
  'POST /api/track/heard/:id': {
    access: 'public',
    input: json(heardReportSchema),
    aimedAt: (r) => ({ path: `/api/track/heard/${r.recordingId}`, json: { listen: '00000000-0000-4000-8000-000000000000', heard: 1 } }),
  },
  'GET /api/account/domain': { access: 'self', input: none, aimedAt: () => ({ path: '/api/account/domain' }) },
  'POST /api/account/domain/check': { access: 'self', input: none, aimedAt: () => ({ path: '/api/account/domain/check' }) },
  'GET /api/contact-form/:code': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/contact-form/${r.inviteCode}` }) },
  'POST /api/contact-form/:code/messages': {
    access: 'public',
    input: json(contactMessageSchema),
    aimedAt: (r) => ({
      path: `/api/contact-form/${r.inviteCode}/messages`,
      json: { email: 'someone@example.org', message: 'Hello from a stranger' },
    }),
  },
  'GET /api/collect/:code': { access: 'public', input: none, aimedAt: (r) => ({ path: `/api/collect/${r.inviteCode}` }) },
  'GET /api/oembed': {
    access: 'public',
    input: query(oembedQuerySchema),
    aimedAt: (r) => ({ path: `/api/oembed?url=${encodeURIComponent(`http://localhost/listen/${r.recordingId}`)}` }),
  },
  // Teams (decision 0033). Inviting the victim's address is what any Pro owner may do; it adds an
  // invite to the caller's own team and never touches the victim's data (the answer names no
  // address). GET comes first, and DELETE revokes it again, so no list holds the victim's address.
  'GET /api/invite': { access: 'self', input: none, aimedAt: () => ({ path: '/api/invite' }) },
  'POST /api/invite': {
    access: 'self',
    input: json(inviteRequestSchema),
    aimedAt: (r) => ({ path: '/api/invite', json: { email: r.email } }),
  },
  'DELETE /api/invite': {
    access: 'self',
    input: json(inviteRequestSchema),
    aimedAt: (r) => ({ path: '/api/invite', json: { email: r.email } }),
  },
  // The join link's code is its credential: anyone holding it may see whose team it is for.
  'GET /api/join/:code': {
    access: 'public',
    input: query(joinInviteQuerySchema),
    aimedAt: () => ({ path: `/api/join/${'D'.repeat(32)}` }),
  },
  // The mailed code stands for the invited mailbox: a new account for that address, never another.
  'POST /api/join/:code/signup': {
    access: 'public',
    input: json(inviteSignUpSchema),
    aimedAt: () => ({
      path: `/api/join/${'D'.repeat(32)}/signup`,
      json: { name: 'Taken over', password: 'a brand new passphrase' },
      refused: true,
    }),
  },
  'POST /api/join/:code': { access: 'self', input: none, aimedAt: () => ({ path: `/api/join/${'D'.repeat(32)}`, refused: true }) },
  // Billing (decision 0032): each acts on the caller's own subscription and invoices, named by no id.
  'GET /api/subscription': { access: 'self', input: none, aimedAt: () => ({ path: '/api/subscription' }) },
  'POST /api/subscription': {
    access: 'self',
    input: json(subscriptionRequestSchema),
    aimedAt: () => ({ path: '/api/subscription', json: { key: 'pro-monthly' } }),
  },
  'POST /api/meet-subscription': {
    access: 'self',
    input: json(subscriptionRequestSchema),
    aimedAt: () => ({ path: '/api/meet-subscription', json: { key: 'pro-yearly' } }),
  },
  'DELETE /api/subscription': { access: 'self', input: none, aimedAt: () => ({ path: '/api/subscription' }) },
  'POST /api/subscription/portal': { access: 'self', input: none, aimedAt: () => ({ path: '/api/subscription/portal' }) },
  'GET /api/payments': { access: 'self', input: none, aimedAt: () => ({ path: '/api/payments' }) },
  // Stripe's signature is the credential: an unsigned event naming the victim's customer is refused.
  'POST /api/stripe/webhook': {
    access: 'public',
    input: json(
      z.looseObject({ id: z.string(), type: z.string(), created: z.number().int(), data: z.looseObject({ object: z.looseObject({}) }) }),
    ),
    aimedAt: (r) => ({
      path: '/api/stripe/webhook',
      json: { id: 'evt_forged', type: 'customer.subscription.deleted', created: 1, data: { object: { id: 'sub_x', customer: r.email } } },
      refused: true,
    }),
  },
  'GET /api/admin/users': { access: 'admin', input: none, aimedAt: () => ({ path: '/api/admin/users' }) },
  'POST /api/admin/users': {
    access: 'admin',
    input: json(adminCreateUserSchema),
    aimedAt: () => ({ path: '/api/admin/users', json: { email: 'new-admin-made@example.com', password: 'long enough password' } }),
  },
  'POST /api/admin/users/plan': {
    access: 'admin',
    input: json(adminSetPlanSchema),
    aimedAt: (r) => ({ path: '/api/admin/users/plan', json: { email: r.email, plan: 'free' } }),
  },
  'GET /api/admin/backup': { access: 'admin', input: none, aimedAt: () => ({ path: '/api/admin/backup' }) },
  'GET /api/admin/coupons': { access: 'admin', input: none, aimedAt: () => ({ path: '/api/admin/coupons' }) },
  'POST /api/admin/coupons': {
    access: 'admin',
    input: json(adminCreateCouponSchema),
    aimedAt: () => ({ path: '/api/admin/coupons', json: { code: 'FREE-FOREVER', days: 3650 } }),
  },
  'POST /api/admin/coupons/disable': {
    access: 'admin',
    input: json(adminCouponCodeSchema),
    aimedAt: () => ({ path: '/api/admin/coupons/disable', json: { code: 'FREE-FOREVER' } }),
  },
  'POST /api/admin/coupons/delete': {
    access: 'admin',
    input: json(adminCouponCodeSchema),
    aimedAt: () => ({ path: '/api/admin/coupons/delete', json: { code: 'FREE-FOREVER' } }),
  },
  // Coupons and the affiliate programme (issue 14): each acts on, and shows, the caller's own account only.
  'POST /api/coupon': {
    access: 'self',
    input: json(couponRequestSchema),
    aimedAt: () => ({ path: '/api/coupon', json: { coupon: 'NO-SUCH-COUPON' } }),
  },
  'GET /api/affiliate': { access: 'self', input: none, aimedAt: () => ({ path: '/api/affiliate' }) },
  'GET /api/admin/jobs/:key': {
    access: 'admin',
    input: none,
    aimedAt: (r) => ({ path: `/api/admin/jobs/${encodeURIComponent(`transcribe:${r.recordingId}`)}` }),
  },
  // The one-click unsubscribe link of a notification mail: its signed token is the credential.
  'POST /api/unsubscribe': {
    access: 'public',
    input: query(mailUnsubscribeQuerySchema),
    aimedAt: () => ({ path: '/api/unsubscribe?token=1.all.not-a-signature-anyone-was-sent' }),
  },
  'POST /api/unsubscribe/undo': {
    access: 'public',
    input: query(mailUnsubscribeQuerySchema),
    aimedAt: () => ({ path: '/api/unsubscribe/undo?token=1.all.not-a-signature-anyone-was-sent' }),
  },
  'GET /api/unsubscribe': {
    access: 'public',
    input: query(mailUnsubscribeQuerySchema),
    aimedAt: () => ({ path: '/api/unsubscribe?token=1.all.not-a-signature-anyone-was-sent' }),
  },
  'GET /api/transcriber': { access: 'self', input: none, aimedAt: () => ({ path: '/api/transcriber' }) },
  'GET /api/integrations': { access: 'self', input: none, aimedAt: () => ({ path: '/api/integrations' }) },
  // One-time handoffs (issue 12). A session code is made for the caller only; claiming one is a sign-in.
  'POST /api/session-handoff': { access: 'self', input: none, aimedAt: () => ({ path: '/api/session-handoff' }) },
  'POST /api/session-handoff/claim': {
    access: 'public',
    input: json(sessionHandoffClaimSchema),
    aimedAt: () => ({ path: '/api/session-handoff/claim', json: { code: 'A'.repeat(43) }, refused: true }),
  },
  // Apps Script creates recording handoffs server to server, without a sign-in.
  'POST /api/recording-handoff': {
    access: 'public',
    input: json(recordingHandoffRequestSchema),
    aimedAt: () => ({ path: '/api/recording-handoff', json: { host: 'gmail' } }),
  },
  'GET /api/recording-handoff/:id': {
    access: 'public',
    input: none,
    aimedAt: () => ({ path: `/api/recording-handoff/${'B'.repeat(22)}` }),
  },
  // Sends the victim's message through a handoff: the message must be the caller's own.
  'POST /api/recording-handoff/:id/share': {
    access: 'owner',
    input: json(recordingHandoffShareSchema),
    aimedAt: (r) => ({ path: `/api/recording-handoff/${'B'.repeat(22)}/share`, json: { recordingId: r.recordingId } }),
  },
  'POST /api/recording-handoff/:id/claim': {
    access: 'public',
    input: json(recordingHandoffClaimSchema),
    aimedAt: () => ({ path: `/api/recording-handoff/${'B'.repeat(22)}/claim`, json: { secret: 'C'.repeat(43) }, refused: true }),
  },
  // The OpenAPI document and its reference page (issue 13): the same for everyone.
  'GET /api/openapi.json': { access: 'public', input: none, aimedAt: () => ({ path: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', input: none, aimedAt: () => ({ path: '/api/docs' }) },
  'GET /api/docs/reference.css': { access: 'public', input: none, aimedAt: () => ({ path: '/api/docs/reference.css' }) },
  'GET /health': { access: 'public', input: none, aimedAt: () => ({ path: '/health' }) },
  'GET /ready': { access: 'public', input: none, aimedAt: () => ({ path: '/ready' }) },
  // Its own bearer (METRICS_TOKEN), never a user's: every user token is refused, 401 or 404 when off.
  'GET /metrics': { access: 'public', input: none, aimedAt: () => ({ path: '/metrics', refused: true }) },
  'GET /files/*': { access: 'public', input: none, aimedAt: (r) => ({ path: `/files/${r.recordingId}.mp3` }) },
  'HEAD /files/*': { access: 'public', input: none, aimedAt: (r) => ({ path: `/files/${r.imageKey}` }) },
  'GET /listen/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/listen/${r.recordingId}` }) },
  'HEAD /listen/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/listen/${r.recordingId}` }) },
  'GET /listen/:id/card.png': { access: 'public', input: none, aimedAt: (r) => ({ path: `/listen/${r.recordingId}/card.png` }) },
  'HEAD /listen/:id/card.png': { access: 'public', input: none, aimedAt: (r) => ({ path: `/listen/${r.recordingId}/card.png` }) },
  'GET /embed/player/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/embed/player/${r.recordingId}` }) },
  'HEAD /embed/player/:id': { access: 'public', input: none, aimedAt: (r) => ({ path: `/embed/player/${r.recordingId}` }) },
  'GET /hosts/outlook/app.zip': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/outlook/app.zip' }) },
  'GET /hosts/ms-teams/app.zip': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/ms-teams/app.zip' }) },
  'GET /hosts/zendesk/app.zip': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/zendesk/app.zip' }) },
  'GET /hosts/zoho-mail/app.zip': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/zoho-mail/app.zip' }) },
  'GET /hosts/chrome-extension/extension.zip': {
    access: 'public',
    input: none,
    aimedAt: () => ({ path: '/hosts/chrome-extension/extension.zip' }),
  },
  'GET /hosts/chrome-extension/update.xml': {
    access: 'public',
    input: none,
    aimedAt: () => ({ path: '/hosts/chrome-extension/update.xml' }),
  },
  'GET /hosts/chrome-extension/vocal.crx': {
    access: 'public',
    input: none,
    aimedAt: () => ({ path: '/hosts/chrome-extension/vocal.crx' }),
  },
  'GET /addons/meet': { access: 'public', input: none, aimedAt: () => ({ path: '/addons/meet?project=123456' }) },
  'HEAD /addons/meet': { access: 'public', input: none, aimedAt: () => ({ path: '/addons/meet' }) },
  'GET /teams': { access: 'public', input: none, aimedAt: () => ({ path: '/teams' }) },
  'HEAD /teams': { access: 'public', input: none, aimedAt: () => ({ path: '/teams' }) },
  'GET /hosts/:host/*': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/outlook/manifest.json' }) },
  'HEAD /hosts/:host/*': { access: 'public', input: none, aimedAt: () => ({ path: '/hosts/outlook/taskpane.html' }) },
  'GET /*': { access: 'public', input: none, aimedAt: () => ({ path: '/dashboard' }) },
  'HEAD /*': { access: 'public', input: none, aimedAt: () => ({ path: '/' }) },
};

/** The distinct `METHOD path` keys of an app's route table (handlers and middleware alike). */
export function routeKeysOf(app: { routes: { method: string; path: string }[] }): string[] {
  return [...new Set(app.routes.map((route) => `${route.method} ${route.path}`))];
}

/** `METHOD path` split back into its method and path. */
export function splitRouteKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}
