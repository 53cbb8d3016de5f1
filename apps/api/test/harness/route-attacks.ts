import { TEST_MICROSOFT_CLIENT_ID, TEST_MICROSOFT_TENANT, unsignedMicrosoftToken } from './microsoft-identity-server.ts';
import type { AimedRequest, Resources } from './route-catalogue.ts';

/**
 * What the authorization matrix sends a route, beyond its own path, at another user's things.
 * Who may call each route is not written here: it is the route's own `access` (described.ts).
 * A route left out is sent its path alone, its `:id` naming the victim's recording where its
 * description says the id is a recording's; any other route must be here, or the catalogue
 * refuses to be made (route-catalogue.ts).
 */
export type Attack = {
  /** The requests, each without `path` where the route's own path (so filled) is what is meant. */
  aimedAt?: (resources: Resources) => AimedRequest | AimedRequest[];
  /** Ends the caller's session or account: the fuzz suite sends it only without a valid token. */
  endsSession?: boolean;
};

const TUS_VERSION = { 'tus-resumable': '1.0.0' };
/** A tus request at the victim's upload under way. */
const atUpload = (r: Resources, headers: Record<string, string> = {}, bytes?: Uint8Array): AimedRequest => ({
  path: `/api/uploads/${r.uploadingId}`,
  headers: { ...TUS_VERSION, ...headers },
  ...(bytes ? { bytes } : {}),
});

/** By `METHOD path`, as Hono's route table names the route. */
export const ATTACKS: Record<string, Attack> = {
  'POST /api/auth': { aimedAt: (r) => ({ json: { email: r.email, password: 'not the password at all' } }) },
  'POST /api/signin': { aimedAt: (r) => ({ json: { email: r.email, password: 'not the password at all' } }) },
  'POST /api/signup': { aimedAt: (r) => ({ json: { email: r.email, password: 'not the password at all', name: 'Taken over' } }) },
  // A hand-written Microsoft token naming the victim's address: anyone could make one.
  'POST /api/microsoft-auth': {
    aimedAt: (r) => ({
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
  'POST /api/password/forgot': { aimedAt: (r) => ({ json: { email: r.email } }) },
  'POST /api/password/reset/check': { aimedAt: () => ({ json: { token: 'not-a-token-anyone-was-sent' } }) },
  'POST /api/password/reset': { aimedAt: () => ({ json: { token: 'not-a-token-anyone-was-sent', password: 'a brand new passphrase' } }) },
  'POST /api/password/change': {
    aimedAt: () => ({
      json: { currentPassword: 'not the password at all', newPassword: 'a brand new passphrase' },
    }),
  },
  'POST /api/logout': { endsSession: true },
  'POST /api/account': { aimedAt: (r) => ({ json: { email: r.email, name: 'Taken over' }, refused: true }) },
  // The link in the confirmation mail: its token is the credential, so anyone may follow it.
  'GET /api/account/email/confirm': { aimedAt: () => ({ path: '/api/account/email/confirm?token=not-a-token-anyone-was-sent' }) },
  // The link in the sign-up confirmation mail: signed, so anyone may follow it.
  'GET /api/account/email/verify': { aimedAt: () => ({ path: '/api/account/email/verify?token=1.1.not-a-token-anyone-was-sent' }) },
  'POST /api/tokens': { aimedAt: () => ({ json: { name: 'Not yours', scope: 'read' } }) },
  'DELETE /api/tokens/:id': { aimedAt: (r) => ({ path: `/api/tokens/${r.apiTokenId}` }) },
  'POST /api/webhooks': { aimedAt: () => ({ json: { url: 'https://example.invalid/hook', events: ['message.created'] } }) },
  'DELETE /api/webhooks/:id': { aimedAt: (r) => ({ path: `/api/webhooks/${r.webhookId}` }) },
  'POST /api/webhooks/:id/test': { aimedAt: (r) => ({ path: `/api/webhooks/${r.webhookId}/test` }) },
  'POST /api/delete': { endsSession: true, aimedAt: () => ({ json: { password: 'not the password at all' } }) },
  'GET /api/share/:code': { aimedAt: (r) => ({ path: `/api/share/${r.inviteCode}` }) },
  'POST /api/image': { aimedAt: () => ({ form: 'image' }) },
  'GET /api/get-vocal-free': { aimedAt: (r) => ({ path: `/api/get-vocal-free?target=reply:${r.recordingId}` }) },
  'POST /api/upload-vocal': { aimedAt: (r) => [{ path: `/api/upload-vocal?id=${r.recordingId}`, form: 'upload' }, { form: 'upload' }] },
  'OPTIONS /api/uploads': { aimedAt: () => ({ headers: TUS_VERSION }) },
  'POST /api/uploads': {
    aimedAt: (r) => ({
      headers: { ...TUS_VERSION, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${btoa(r.uploadingId)}` },
    }),
  },
  // GET also answers HEAD (Hono); both are aimed at.
  'GET /api/uploads/:id': { aimedAt: (r) => atUpload(r) },
  'PATCH /api/uploads/:id': {
    aimedAt: (r) =>
      atUpload(r, { 'upload-offset': '4096', 'content-type': 'application/offset+octet-stream' }, new Uint8Array(2048).fill(0xff)),
  },
  'DELETE /api/uploads/:id': { aimedAt: (r) => atUpload(r) },
  'POST /api/edit/:id': {
    aimedAt: () => [{ json: { subject: 'Taken over', expiryDate: null } }, { json: { privacy: 'password', password: 'locked you out' } }],
  },
  'POST /api/unlock-vocal/:id': { aimedAt: () => ({ json: { password: 'a guess' } }) },
  'POST /api/recordings': { aimedAt: (r) => ({ json: { audio_uuid: r.recordingId, folder_id: null } }) },
  'GET /api/inbox': {
    aimedAt: (r) => [
      {},
      { path: `/api/inbox?q=${encodeURIComponent(r.email)}` },
      // Another user's folder is refused, never listed.
      { path: `/api/inbox?folder=${r.folderId}`, refused: true },
    ],
  },
  'POST /api/inbox/read': {
    aimedAt: (r) => [
      { json: { ids: [r.replyId] } },
      { json: { ids: [r.replyId, r.recordingId], read: false } },
      { json: { commentIds: [r.commentId] } },
    ],
  },
  'POST /api/inbox/answers': {
    aimedAt: (r) => [
      { json: { messageId: r.replyId, text: 'An answer in someone else’s name' } },
      { json: { commentId: r.commentId, text: 'An answer in someone else’s name' } },
      // Another user's message given as the voice answer is refused too.
      { json: { messageId: r.replyId, recordingId: r.recordingId } },
    ],
  },
  'POST /api/folder': { aimedAt: () => ({ json: { name: 'Mine' } }) },
  'PUT /api/folder': { aimedAt: (r) => ({ json: { uuid: r.folderId, name: 'Taken over' } }) },
  'DELETE /api/folder': { aimedAt: (r) => ({ json: { uuid: r.folderId } }) },
  'POST /api/personalisation': { aimedAt: () => ({ json: { user: { name: 'Taken over' } } }) },
  'POST /api/feedback': { aimedAt: () => ({ json: { comments: 'Something is not right here.' } }) },
  // Where the web app sends its error reports: the same answer for everyone.
  'PUT /api/transcription/:id': { aimedAt: () => ({ json: { sentences: ['Someone else wrote this.'] } }) },
  'POST /api/comments/:id': { aimedAt: () => ({ json: { text: 'A comment from anyone' } }) },
  'DELETE /api/comments/:id': { aimedAt: (r) => ({ path: `/api/comments/${r.commentId}` }) },
  // Anyone holding a listen's id (only its listener was given it) may report how much was heard.
  'POST /api/track/heard/:id': { aimedAt: () => ({ json: { listen: '00000000-0000-4000-8000-000000000000', heard: 1 } }) },
  'GET /api/contact-form/:code': { aimedAt: (r) => ({ path: `/api/contact-form/${r.inviteCode}` }) },
  'POST /api/contact-form/:code/messages': {
    aimedAt: (r) => ({
      path: `/api/contact-form/${r.inviteCode}/messages`,
      json: { email: 'someone@example.org', message: 'Hello from a stranger' },
    }),
  },
  'GET /api/collect/:code': { aimedAt: (r) => ({ path: `/api/collect/${r.inviteCode}` }) },
  'GET /api/oembed': { aimedAt: (r) => ({ path: `/api/oembed?url=${encodeURIComponent(`http://localhost/listen/${r.recordingId}`)}` }) },
  // Teams (decision 0033). Inviting the victim's address is what any Pro owner may do; it adds an
  // invite to the caller's own team and never touches the victim's data (the answer names no
  // address). GET comes first, and DELETE revokes it again, so no list holds the victim's address.
  'POST /api/invite': { aimedAt: (r) => ({ json: { email: r.email } }) },
  'DELETE /api/invite': { aimedAt: (r) => ({ json: { email: r.email } }) },
  // The join link's code is its credential: anyone holding it may see whose team it is for.
  'GET /api/join/:code': { aimedAt: () => ({ path: `/api/join/${'D'.repeat(32)}` }) },
  // The mailed code stands for the invited mailbox: a new account for that address, never another.
  'POST /api/join/:code/signup': {
    aimedAt: () => ({
      path: `/api/join/${'D'.repeat(32)}/signup`,
      json: { name: 'Taken over', password: 'a brand new passphrase' },
      refused: true,
    }),
  },
  'POST /api/join/:code': { aimedAt: () => ({ path: `/api/join/${'D'.repeat(32)}`, refused: true }) },
  // Billing (decision 0032): each acts on the caller's own subscription and invoices, named by no id.
  'POST /api/subscription': { aimedAt: () => ({ json: { key: 'pro-monthly' } }) },
  'POST /api/meet-subscription': { aimedAt: () => ({ json: { key: 'pro-yearly' } }) },
  // Stripe's signature is the credential: an unsigned event naming the victim's customer is refused.
  'POST /api/stripe/webhook': {
    aimedAt: (r) => ({
      json: { id: 'evt_forged', type: 'customer.subscription.deleted', created: 1, data: { object: { id: 'sub_x', customer: r.email } } },
      refused: true,
    }),
  },
  'POST /api/admin/users': { aimedAt: () => ({ json: { email: 'new-admin-made@example.com', password: 'long enough password' } }) },
  'POST /api/admin/users/plan': { aimedAt: (r) => ({ json: { email: r.email, plan: 'free' } }) },
  'POST /api/admin/coupons': { aimedAt: () => ({ json: { code: 'FREE-FOREVER', days: 3650 } }) },
  'POST /api/admin/coupons/disable': { aimedAt: () => ({ json: { code: 'FREE-FOREVER' } }) },
  'POST /api/admin/coupons/delete': { aimedAt: () => ({ json: { code: 'FREE-FOREVER' } }) },
  // Coupons and the affiliate programme (issue 14): each acts on, and shows, the caller's own account only.
  'POST /api/coupon': { aimedAt: () => ({ json: { coupon: 'NO-SUCH-COUPON' } }) },
  'GET /api/admin/jobs/:key': { aimedAt: (r) => ({ path: `/api/admin/jobs/${encodeURIComponent(`transcribe:${r.recordingId}`)}` }) },
  // The one-click unsubscribe link of a notification mail: its signed token is the credential.
  'POST /api/unsubscribe': { aimedAt: () => ({ path: '/api/unsubscribe?token=1.all.not-a-signature-anyone-was-sent' }) },
  'POST /api/unsubscribe/undo': { aimedAt: () => ({ path: '/api/unsubscribe/undo?token=1.all.not-a-signature-anyone-was-sent' }) },
  'GET /api/unsubscribe': { aimedAt: () => ({ path: '/api/unsubscribe?token=1.all.not-a-signature-anyone-was-sent' }) },
  // One-time handoffs (issue 12). A session code is made for the caller only; claiming one is a sign-in.
  'POST /api/session-handoff/claim': { aimedAt: () => ({ json: { code: 'A'.repeat(43) }, refused: true }) },
  // Apps Script creates recording handoffs server to server, without a sign-in.
  'POST /api/recording-handoff': { aimedAt: () => ({ json: { host: 'gmail' } }) },
  'GET /api/recording-handoff/:id': { aimedAt: () => ({ path: `/api/recording-handoff/${'B'.repeat(22)}` }) },
  // Sends the victim's message through a handoff: the message must be the caller's own.
  'POST /api/recording-handoff/:id/share': {
    aimedAt: (r) => ({ path: `/api/recording-handoff/${'B'.repeat(22)}/share`, json: { recordingId: r.recordingId } }),
  },
  'POST /api/recording-handoff/:id/claim': {
    aimedAt: () => ({ path: `/api/recording-handoff/${'B'.repeat(22)}/claim`, json: { secret: 'C'.repeat(43) }, refused: true }),
  },
  // Its own bearer (METRICS_TOKEN), never a user's: every user token is refused, 401 or 404 when off.
  // The OpenAPI document and its reference page (issue 13): the same for everyone.
  'GET /metrics': { aimedAt: () => ({ refused: true }) },
  'GET /files/*': { aimedAt: (r) => ({ path: `/files/${r.recordingId}.mp3` }) },
  'HEAD /files/*': { aimedAt: (r) => ({ path: `/files/${r.imageKey}` }) },
  'GET /addons/meet': { aimedAt: () => ({ path: '/addons/meet?project=123456' }) },
  'GET /hosts/:host/*': { aimedAt: () => ({ path: '/hosts/outlook/manifest.json' }) },
  'HEAD /hosts/:host/*': { aimedAt: () => ({ path: '/hosts/outlook/taskpane.html' }) },
  'GET /*': { aimedAt: () => ({ path: '/dashboard' }) },
  'HEAD /*': { aimedAt: () => ({ path: '/' }) },
};
