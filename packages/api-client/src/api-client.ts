import { z } from 'zod';
import {
  accountUpdateSchema,
  apiTokenListSchema,
  createdWebhookSchema,
  webhookListSchema,
  type WebhookRequest,
  createdApiTokenSchema,
  type ApiTokenRequest,
  collectPayloadSchema,
  commentSchema,
  commentsResponseSchema,
  contactFormPayloadSchema,
  affiliateResponseSchema,
  audiosResponseSchema,
  couponResponseSchema,
  domainCheckSchema,
  customDomainStateSchema,
  folderCreatedSchema,
  foldersResponseSchema,
  getVocalResponseSchema,
  imageUploadResponseSchema,
  inboxReadResponseSchema,
  answerResponseSchema,
  inboxResponseSchema,
  inboxSummarySchema,
  inviteSchema,
  joinInviteSchema,
  joinResultSchema,
  mailUnsubscribeResponseSchema,
  okResponseSchema,
  paymentsResponseSchema,
  billingPortalResponseSchema,
  billingStateSchema,
  personalisationSchema,
  publicListenPayloadSchema,
  UNLOCK_TOKEN_HEADER,
  unlockVocalResponseSchema,
  type UnlockVocal,
  publicUserSchema,
  recordingAnalyticsSchema,
  recordingSchema,
  reencodeResponseSchema,
  recordingHandoffClaimResponseSchema,
  recordingHandoffCreatedSchema,
  recordingHandoffSharedSchema,
  recordingHandoffStatusSchema,
  sessionHandoffResponseSchema,
  repliesResponseSchema,
  subscriptionResponseSchema,
  transcriberInfoSchema,
  integrationReadinessSchema,
  transcriptionStateSchema,
  tokensSchema,
  trackViewResponseSchema,
  unsubscribeResponseSchema,
  uploadResponseSchema,
  UPLOAD_FAILURE_TITLE,
  userSchema,
  viewsResponseSchema,
  type AccountUpdate,
  type AnswerRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type ForgotPasswordRequest,
  type ImageUploadKind,
  type MicrosoftAuthRequest,
  type RecordingHandoffClaim,
  type RecordingHandoffHost,
  type RecordingHandoffRequest,
  type RecordingHandoffShare,
  type SessionHandoffClaim,
  type ResetPasswordRequest,
  type SignUpRequest,
  messageResponseSchema,
  signupPolicyResponseSchema,
  type ContactMessage,
  type Credentials,
  type EditRecording,
  type FeedbackRequest,
  type GetVocalFreeQuery,
  type InboxQuery,
  type InviteRequest,
  type InviteSignUp,
  type NewComment,
  type TranscriptEdit,
  type PersonalisationPatch,
  type Platform,
  type ConversationKey,
  type ReencodeResponse,
  type Tokens,
  type UploadContext,
} from '@vocal/settings-model';
import type { ApiResult, HttpErrorReport } from './api-result.ts';
import { createAuthSession } from './auth-session.ts';
import { memoryTokenStore, type TokenStore } from './token-store.ts';
import { createTransport } from './transport.ts';

export type ApiClientOptions = {
  /** The API's base URL, e.g. https://app.example.com/api. */
  baseUrl: string;
  /**
   * Where recordings are stored publicly, e.g. https://app.example.com/files/: re-encoding is
   * only ever asked for audio under it (spec section 5).
   */
  storageBaseUrl?: string;
  tokenStore?: TokenStore;
  fetch?: typeof fetch;
  retryLimit?: number;
  timeoutMs?: number;
  onHttpError?: (report: HttpErrorReport) => void;
  /** Called once when a refresh is refused and the session ends. */
  onLogout?: () => void;
  /** Called after that logout: the web app reloads the page (spec section 4). */
  reload?: () => void;
  refreshLock?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Fatal events, e.g. 'Failed to upload files' (spec section 8). */
  logFatal?: (title: string, message: string) => void;
  /**
   * The unlock token this visitor holds for a password-protected message (POST unlock-vocal),
   * sent with its payload, comments and replies; null when none.
   */
  unlockTokenFor?: (recordingId: string) => string | null;
};

export type UploadVocalInput = {
  /** Null when the recording was sent while it was recorded (POST uploads, tus): the server has it. */
  recording: Blob | null;
  /** Null with a recording sent while it was recorded: the server draws the waveform from the peaks. */
  image: Blob | null;
  context: UploadContext;
};

/** Where a recorder sends its MP3 while the person speaks (tus 1.0), and who it says is sending. */
export type ProgressiveUploadTarget = {
  /** POST here creates an upload; each upload is at `${endpoint}/{recording id}`. */
  endpoint: string;
  /** The headers of each request, read fresh every time: the access token may change meanwhile. */
  headers(): Promise<Record<string, string>>;
  /**
   * After a 401 (the access token expired while the person spoke): renews the session as any
   * other call would; true when there is a new token to try again with.
   */
  refresh(): Promise<boolean>;
};

const id = (value: string) => encodeURIComponent(value);

/** The inbox query as a query string: only the values that are set, numbers as text. */
function inboxSearchParams(query: InboxQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}
const anything = z.unknown();

/** One typed function per call of spec section 7, over the auth session of section 4. */
export function createApiClient(options: ApiClientOptions) {
  const store = options.tokenStore ?? memoryTokenStore();
  const session = createAuthSession({
    store,
    postRefresh: (refreshToken) => transport.postRefresh(refreshToken),
    onLogout: options.onLogout,
    reload: options.reload,
    refreshLock: options.refreshLock,
  });
  // Declared after the session that refers to it: the session only calls it later, on a 401.
  const transport = createTransport({ ...options, session });
  const { call } = transport;

  /** The unlock-token header for a recording, when this visitor holds one. */
  const unlocking = (recordingId: string): Record<string, string> => {
    const token = options.unlockTokenFor?.(recordingId);
    return token ? { [UNLOCK_TOKEN_HEADER]: token } : {};
  };

  const storeTokens = (result: ApiResult<Tokens>) => {
    if (result.ok) session.setTokens(result.data);
    return result;
  };

  return {
    session,

    // Session
    /** POST auth: signs in, or signs up a new email; the tokens are kept on success. */
    signIn: async (credentials: Credentials) =>
      storeTokens(await call({ method: 'POST', path: 'auth', auth: 'none', json: credentials, schema: tokensSchema })),
    /** POST signin: signs in an existing account only (the web app's explicit path). */
    signInExisting: async (credentials: Credentials) =>
      storeTokens(await call({ method: 'POST', path: 'signin', auth: 'none', json: credentials, schema: tokensSchema })),
    /** POST signup: creates the account with its display name; the tokens are kept on success. */
    signUp: async (request: SignUpRequest) =>
      storeTokens(await call({ method: 'POST', path: 'signup', auth: 'none', json: request, schema: tokensSchema })),
    /** GET signup-policy: whether this server lets people create accounts, and whom to ask. */
    getSignupPolicy: () => call({ method: 'GET', path: 'signup-policy', auth: 'none', schema: signupPolicyResponseSchema }),
    /** POST password/forgot: mails a reset link if the address has an account; answers alike either way. */
    forgotPassword: (request: ForgotPasswordRequest) =>
      call({ method: 'POST', path: 'password/forgot', auth: 'none', json: request, schema: messageResponseSchema }),
    /** POST password/reset/check: whether a reset link can still be used. */
    checkResetToken: (token: string) =>
      call({ method: 'POST', path: 'password/reset/check', auth: 'none', json: { token }, schema: okResponseSchema }),
    /** POST password/reset: the new password through a mailed link; every session is signed out. */
    resetPassword: (request: ResetPasswordRequest) =>
      call({ method: 'POST', path: 'password/reset', auth: 'none', json: request, schema: okResponseSchema }),
    /** POST password/change: every other session is signed out, this one stays. */
    changePassword: (request: ChangePasswordRequest) =>
      call({ method: 'POST', path: 'password/change', auth: 'required', json: request, schema: okResponseSchema }),
    /**
     * POST microsoft-auth: a Microsoft identity token (Teams' `authentication.getAuthToken()`,
     * or an ID token) for our tokens, kept on success. The account is made on first use when
     * sign-up is open. Offer it only when `getSignupPolicy()` says `microsoft` is on; an
     * unconfigured server answers 404.
     */
    microsoftAuth: async (token: string) =>
      storeTokens(
        await call({
          method: 'POST',
          path: 'microsoft-auth',
          auth: 'none',
          json: { token } satisfies MicrosoftAuthRequest,
          schema: tokensSchema,
        }),
      ),
    /**
     * POST session-handoff (signed in): a one-time code, valid two minutes, that another client
     * of the same user (the Chrome extension) exchanges for a session of its own with
     * `claimSessionHandoff`. Hand it over in a message, never in a URL that stays around.
     */
    createSessionHandoff: () => call({ method: 'POST', path: 'session-handoff', auth: 'required', schema: sessionHandoffResponseSchema }),
    /**
     * POST session-handoff/claim: spends the code for a new session (kept on success, like a
     * sign-in); signing out either client leaves the other signed in. A spent, unknown or
     * expired code is 404.
     */
    claimSessionHandoff: async (code: string) =>
      storeTokens(
        await call({
          method: 'POST',
          path: 'session-handoff/claim',
          auth: 'none',
          json: { code } satisfies SessionHandoffClaim,
          schema: tokensSchema,
        }),
      ),
    /** Ends the session on the server too (best effort) and forgets the tokens. */
    logout: async () => {
      if (session.isAuthorized()) {
        await call({ method: 'POST', path: 'logout', auth: 'optional', schema: anything });
      }
      session.logout();
    },

    // Account
    getAccount: () => call({ method: 'GET', path: 'account', auth: 'required', schema: userSchema }),
    updateAccount: (update: AccountUpdate) =>
      call({ method: 'POST', path: 'account', auth: 'required', json: accountUpdateSchema.parse(update), schema: userSchema }),
    /** POST /account/email/confirmation: mails the link that confirms a new account's address again. */
    resendEmailConfirmation: () => call({ method: 'POST', path: 'account/email/confirmation', auth: 'required', schema: okResponseSchema }),
    // Personal API tokens (issue 29): a signed-in session makes, lists and revokes them.
    listApiTokens: () => call({ method: 'GET', path: 'tokens', auth: 'required', schema: apiTokenListSchema }),
    /** The answer holds the token itself: the only time it is shown. */
    createApiToken: (request: ApiTokenRequest) =>
      call({ method: 'POST', path: 'tokens', auth: 'required', json: request, schema: createdApiTokenSchema }),
    revokeApiToken: (tokenId: string) =>
      call({ method: 'DELETE', path: `tokens/${id(tokenId)}`, auth: 'required', schema: okResponseSchema }),
    // Webhooks (issue 29): the account's events POSTed to its own URLs, signed.
    listWebhooks: () => call({ method: 'GET', path: 'webhooks', auth: 'required', schema: webhookListSchema }),
    /** The answer holds the signing secret: the only time it is shown. */
    createWebhook: (request: WebhookRequest) =>
      call({ method: 'POST', path: 'webhooks', auth: 'required', json: request, schema: createdWebhookSchema }),
    deleteWebhook: (webhookId: string) =>
      call({ method: 'DELETE', path: `webhooks/${id(webhookId)}`, auth: 'required', schema: okResponseSchema }),
    /** Queues a webhook.test event; its delivery shows in the webhook's log. */
    testWebhook: (webhookId: string) =>
      call({ method: 'POST', path: `webhooks/${id(webhookId)}/test`, auth: 'required', schema: z.object({ eventType: z.string() }) }),
    /** POST /delete: the account's password confirms it; the session ends with it. */
    deleteAccount: async (request: DeleteAccountRequest) => {
      const result = await call({ method: 'POST', path: 'delete', auth: 'required', json: request, schema: okResponseSchema });
      if (result.ok) session.logout();
      return result;
    },
    /** POST /image: `kind` avatar keeps it a PNG (mail shows avatars); a logo, or no kind, is stored as WebP. */
    uploadImage: (image: Blob, filename = 'image.png', kind?: ImageUploadKind) => {
      const form = new FormData();
      form.set('img', image, filename);
      if (kind) form.set('kind', kind);
      return call({ method: 'POST', path: 'image', auth: 'required', form, schema: imageUploadResponseSchema });
    },
    getSharedUser: (code: string) => call({ method: 'GET', path: `share/${id(code)}`, auth: 'none', schema: publicUserSchema }),

    // Settings
    getPersonalisation: () => call({ method: 'GET', path: 'personalisation', auth: 'required', schema: personalisationSchema }),
    savePersonalisation: (patch: PersonalisationPatch) =>
      call({ method: 'POST', path: 'personalisation', auth: 'required', json: patch, schema: personalisationSchema }),

    // Recordings
    /** `conversation`: where in a host it is recorded, so the answers to it are shown back there (a host panel's inbox). */
    getVocal: (platform: Platform = 'webapp', conversation?: ConversationKey) =>
      call({
        method: 'GET',
        path: 'get-vocal',
        auth: 'required',
        searchParams: conversation ? { platform, conversation } : { platform },
        schema: getVocalResponseSchema,
      }),
    getVocalFree: (query: GetVocalFreeQuery) =>
      call({
        method: 'GET',
        path: 'get-vocal-free',
        auth: 'none',
        // A reply to a password-protected message carries its unlock token.
        headers: query.target.startsWith('reply:') ? unlocking(query.target.slice('reply:'.length)) : {},
        searchParams: { platform: query.platform ?? 'webapp', target: query.target },
        schema: getVocalResponseSchema,
      }),
    /**
     * POST upload-vocal; success needs status 200. A refusal is logged as fatal (spec section
     * 8); an unreachable server is not, since the recorder retries that on its own.
     */
    /**
     * `auth: 'optional'` sends the session's token when there is one: a signed-in listener's reply
     * is then known to be theirs, so the owner's answer can reach them (decision 0065).
     */
    uploadVocal: async (input: UploadVocalInput, uploadOptions: { auth?: 'required' | 'optional' | 'none' } = {}) => {
      const form = new FormData();
      if (input.recording) form.set('recording', input.recording, `${input.context.id}.mp3`);
      if (input.image) form.set('image', input.image, `${input.context.id}.png`);
      form.set('context', JSON.stringify(input.context));
      const bytes = (input.recording?.size ?? 0) + (input.image?.size ?? 0);
      const result = await call({
        method: 'POST',
        path: 'upload-vocal',
        auth: uploadOptions.auth ?? 'required',
        // The id in the address lets the server decide who may upload before it reads the body.
        searchParams: { id: input.context.id },
        form,
        // A hung connection must end: a minute, plus time for the bytes at a slow 32 KB/s uplink.
        timeout: 60_000 + Math.ceil(bytes / 32),
        schema: uploadResponseSchema,
      });
      if (!result.ok && result.status !== 0) {
        options.logFatal?.(UPLOAD_FAILURE_TITLE, `${result.status} ${result.error.msg} ${options.baseUrl}/upload-vocal`);
      } else if (result.ok && result.status !== 200) {
        options.logFatal?.(UPLOAD_FAILURE_TITLE, `status ${result.status} ${options.baseUrl}/upload-vocal`);
      }
      return result;
    },
    /**
     * The tus endpoint (POST uploads) a recorder sends its MP3 to while the person speaks, so
     * upload-vocal at Stop needs no recording part (docs/decisions/0070-progressive-upload-over-tus.md).
     * `auth` as for uploadVocal: the owner's token, a signed-in visitor's when there is one, or none.
     */
    progressiveUploads: (auth: 'required' | 'optional' | 'none' = 'required'): ProgressiveUploadTarget => ({
      endpoint: `${options.baseUrl}/uploads`,
      async headers(): Promise<Record<string, string>> {
        // A renewal under way (after a 401) is waited for, so the next request carries its token.
        if (auth === 'required') await session.ready();
        else if (auth === 'optional') await session.settled();
        const token = auth === 'none' ? null : session.accessToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      async refresh() {
        if (auth === 'none' || !session.isAuthorized()) return false;
        return (await session.refresh(session.accessToken())) === 'refreshed';
      },
    }),
    getAudios: () => call({ method: 'GET', path: 'audio', auth: 'required', schema: audiosResponseSchema }),
    /** GET inbox: one page of the owner's inbox, newest first; pass nextCursor back for the next page. */
    getInbox: (query: InboxQuery = {}) =>
      call({ method: 'GET', path: 'inbox', auth: 'required', searchParams: inboxSearchParams(query), schema: inboxResponseSchema }),
    /** GET inbox/summary: the unread counts for the navigation. */
    getInboxSummary: () => call({ method: 'GET', path: 'inbox/summary', auth: 'required', schema: inboxSummarySchema }),
    /**
     * POST inbox/read: marks the caller's messages (`ids`) and comments (`commentIds`) read, or
     * unread with read = false; answers the unread count.
     */
    markRead: (ids: string[], read = true, commentIds: string[] = []) =>
      call({
        method: 'POST',
        path: 'inbox/read',
        auth: 'required',
        json: commentIds.length > 0 ? { ids, commentIds, read } : { ids, read },
        schema: inboxReadResponseSchema,
      }),
    /** POST inbox/answers: answers a received message or a comment, by voice (an uploaded recording's id) or in words. */
    answer: (request: AnswerRequest) =>
      call({ method: 'POST', path: 'inbox/answers', auth: 'required', json: request, schema: answerResponseSchema }),
    deleteRecording: (recordingId: string) =>
      call({ method: 'DELETE', path: `delete/${id(recordingId)}`, auth: 'required', schema: okResponseSchema }),
    editRecording: (recordingId: string, edit: EditRecording) =>
      call({ method: 'POST', path: `edit/${id(recordingId)}`, auth: 'required', json: edit, schema: recordingSchema }),
    /**
     * GET view-vocal/{id}. A password-protected message answers 401 `{msg, protected: true}`
     * unless this visitor holds its unlock token (`unlockTokenFor`) or is its owner (the token is sent when held).
     */
    viewVocal: (recordingId: string) =>
      call({
        method: 'GET',
        path: `view-vocal/${id(recordingId)}`,
        auth: 'optional',
        headers: unlocking(recordingId),
        schema: publicListenPayloadSchema,
      }),
    /** POST unlock-vocal/{id}: a password-protected message's password, for an unlock token. */
    unlockVocal: (recordingId: string, password: string) =>
      call({
        method: 'POST',
        path: `unlock-vocal/${id(recordingId)}`,
        auth: 'none',
        json: { password } satisfies UnlockVocal,
        schema: unlockVocalResponseSchema,
      }),
    /** Listen tracking: with the bearer token when the visitor is signed in (spec section 6). */
    trackView: (recordingId: string) =>
      call({ method: 'GET', path: `track/view-vocal/${id(recordingId)}`, auth: 'optional', schema: trackViewResponseSchema }),
    getViews: (recordingId: string) =>
      call({ method: 'GET', path: `views/${id(recordingId)}`, auth: 'required', schema: viewsResponseSchema }),
    /** GET analytics/{id}: the owner's (Pro) listen analytics of one message. */
    getAnalytics: (recordingId: string) =>
      call({ method: 'GET', path: `analytics/${id(recordingId)}`, auth: 'required', schema: recordingAnalyticsSchema }),
    /** GET account/domain: the host a custom domain's CNAME must name. */
    getCustomDomain: () => call({ method: 'GET', path: 'account/domain', auth: 'required', schema: customDomainStateSchema }),
    /** POST account/domain/check: resolves the saved custom domain and says whether it points at this server. */
    checkDomain: () => call({ method: 'POST', path: 'account/domain/check', auth: 'required', schema: domainCheckSchema }),
    /** GET transcription/{id}: the owner's view of a transcript, and whether it may be retried. */
    getTranscription: (recordingId: string) =>
      call({ method: 'GET', path: `transcription/${id(recordingId)}`, auth: 'required', schema: transcriptionStateSchema }),
    retryTranscription: (recordingId: string) =>
      call({ method: 'POST', path: `transcription/${id(recordingId)}/retry`, auth: 'required', schema: transcriptionStateSchema }),
    /** PUT transcription/{id}: the owner's new text of each sentence, in order; the timings stay. */
    editTranscript: (recordingId: string, edit: TranscriptEdit) =>
      call({ method: 'PUT', path: `transcription/${id(recordingId)}`, auth: 'required', json: edit, schema: transcriptionStateSchema }),
    /** GET /reencode/{id}: only for audio on our own storage; the id is the file name without .mp3. */
    reencode: async (audioUrl: string): Promise<ApiResult<ReencodeResponse>> => {
      const base = options.storageBaseUrl;
      const match = base && audioUrl.startsWith(base) ? /^([A-Za-z0-9_-]+)\.mp3$/.exec(audioUrl.slice(base.length)) : null;
      if (!match?.[1]) return { ok: false, status: 0, error: { msg: 'Only recordings on our own storage can be re-encoded' } };
      return call({ method: 'GET', path: `reencode/${id(match[1])}`, auth: 'required', schema: reencodeResponseSchema });
    },

    // Visitors: replies, comments, the contact form, the collect page
    /** GET replies/{id}: the voice replies to one of my messages. */
    getReplies: (recordingId: string) =>
      call({ method: 'GET', path: `replies/${id(recordingId)}`, auth: 'required', schema: repliesResponseSchema }),
    getComments: (recordingId: string) =>
      call({
        method: 'GET',
        path: `comments/${id(recordingId)}`,
        auth: 'optional',
        headers: unlocking(recordingId),
        schema: commentsResponseSchema,
      }),
    addComment: (recordingId: string, comment: NewComment) =>
      call({
        method: 'POST',
        path: `comments/${id(recordingId)}`,
        auth: 'optional',
        headers: unlocking(recordingId),
        json: comment,
        schema: commentSchema,
      }),
    /** DELETE comments/{commentId}: by the owner of the message it is on. */
    deleteComment: (commentId: string) =>
      call({ method: 'DELETE', path: `comments/${id(commentId)}`, auth: 'required', schema: okResponseSchema }),
    getContactForm: (code: string) =>
      call({ method: 'GET', path: `contact-form/${id(code)}`, auth: 'none', schema: contactFormPayloadSchema }),
    /** POST contact-form/{code}/messages: "Send a message instead". */
    sendContactMessage: (code: string, message: ContactMessage) =>
      call({
        method: 'POST',
        path: `contact-form/${id(code)}/messages`,
        auth: 'none',
        json: message,
        schema: z.object({ id: z.string() }),
      }),
    getCollection: (code: string) => call({ method: 'GET', path: `collect/${id(code)}`, auth: 'none', schema: collectPayloadSchema }),

    // Recording handoffs: an Apps Script add-on (Gmail on phones, Google Docs) opens the recorder page through one
    /** POST recording-handoff: a new handoff for `host` ({id, secret, expiresAt}); no sign-in (Apps Script mirrors this call). */
    createRecordingHandoff: (host: RecordingHandoffHost) =>
      call({
        method: 'POST',
        path: 'recording-handoff',
        auth: 'none',
        json: { host } satisfies RecordingHandoffRequest,
        schema: recordingHandoffCreatedSchema,
      }),
    /** GET recording-handoff/{id}: whether the recorder page's link still works (404 once expired or used). */
    getRecordingHandoff: (handoffId: string) =>
      call({ method: 'GET', path: `recording-handoff/${id(handoffId)}`, auth: 'none', schema: recordingHandoffStatusSchema }),
    /** POST recording-handoff/{id}/share (signed in): sends one of my uploaded messages to the add-on that opened the page. */
    shareToRecordingHandoff: (handoffId: string, recordingId: string) =>
      call({
        method: 'POST',
        path: `recording-handoff/${id(handoffId)}/share`,
        auth: 'required',
        json: { recordingId } satisfies RecordingHandoffShare,
        schema: recordingHandoffSharedSchema,
      }),
    /** POST recording-handoff/{id}/claim: `waiting`, or `ready` with the Share exactly once (then 404). */
    claimRecordingHandoff: (handoffId: string, secret: string) =>
      call({
        method: 'POST',
        path: `recording-handoff/${id(handoffId)}/claim`,
        auth: 'none',
        json: { secret } satisfies RecordingHandoffClaim,
        schema: recordingHandoffClaimResponseSchema,
      }),

    // Folders
    getFolders: () => call({ method: 'GET', path: 'recordings', auth: 'required', schema: foldersResponseSchema }),
    createFolder: (name: string) => call({ method: 'POST', path: 'folder', auth: 'required', json: { name }, schema: folderCreatedSchema }),
    renameFolder: (uuid: string, name: string) =>
      call({ method: 'PUT', path: 'folder', auth: 'required', json: { uuid, name }, schema: folderCreatedSchema }),
    deleteFolder: (uuid: string) => call({ method: 'DELETE', path: 'folder', auth: 'required', json: { uuid }, schema: okResponseSchema }),
    moveRecording: (recordingId: string, folderId: string | null) =>
      call({
        method: 'POST',
        path: 'recordings',
        auth: 'required',
        json: { audio_uuid: recordingId, folder_id: folderId },
        schema: okResponseSchema,
      }),

    // Billing
    redeemCoupon: (coupon: string) =>
      call({ method: 'POST', path: 'coupon', auth: 'required', json: { coupon }, schema: couponResponseSchema }),
    /** POST /subscription, or /meet-subscription from the meeting add-on. */
    subscribe: (request: { key: string; coupon?: string }, subscribeOptions: { meet?: boolean } = {}) =>
      call({
        method: 'POST',
        path: subscribeOptions.meet ? 'meet-subscription' : 'subscription',
        auth: 'required',
        json: request,
        schema: subscriptionResponseSchema,
      }),
    /** DELETE /subscription: true when cancelled; false on any failure (spec section 8). */
    unsubscribe: async (): Promise<boolean> => {
      const result = await call({ method: 'DELETE', path: 'subscription', auth: 'required', schema: unsubscribeResponseSchema });
      return result.ok && result.data;
    },
    getPayments: () => call({ method: 'GET', path: 'payments', auth: 'required', schema: paymentsResponseSchema }),
    /** GET /subscription: whether billing is on, the packages, the live subscription (the upgrade page). */
    getBillingState: () => call({ method: 'GET', path: 'subscription', auth: 'required', schema: billingStateSchema }),
    /** POST /subscription/portal: Stripe's customer portal, to change the card. */
    openBillingPortal: () => call({ method: 'POST', path: 'subscription/portal', auth: 'required', schema: billingPortalResponseSchema }),
    getAffiliate: () => call({ method: 'GET', path: 'affiliate', auth: 'required', schema: affiliateResponseSchema }),

    // Notification mails: the one-click unsubscribe link's token is its credential (no sign-in).
    unsubscribeMail: (token: string) =>
      call({ method: 'POST', path: 'unsubscribe', auth: 'none', searchParams: { token }, schema: mailUnsubscribeResponseSchema }),
    resubscribeMail: (token: string) =>
      call({ method: 'POST', path: 'unsubscribe/undo', auth: 'none', searchParams: { token }, schema: mailUnsubscribeResponseSchema }),
    /** GET transcriber: the server's speech-to-text engine, for the transcript settings. */
    getTranscriber: () => call({ method: 'GET', path: 'transcriber', auth: 'required', schema: transcriberInfoSchema }),
    /** GET integrations: what the host apps need of this server and whether it has it (the Integrations pages). */
    getIntegrationReadiness: () => call({ method: 'GET', path: 'integrations', auth: 'required', schema: integrationReadinessSchema }),

    // Support
    /** POST feedback: the report-issue dialog; sent with the token when signed in. */
    sendFeedback: (report: FeedbackRequest) =>
      call({ method: 'POST', path: 'feedback', auth: 'optional', json: report, schema: z.object({ id: z.string() }) }),

    // Team
    getTeam: () => call({ method: 'GET', path: 'invite', auth: 'required', schema: inviteSchema }),
    /** POST invite: mails a /join link to the address (again, with a new link, when it was invited before). */
    invite: (request: InviteRequest) =>
      call({ method: 'POST', path: 'invite', auth: 'required', json: request, schema: messageResponseSchema }),
    /** DELETE invite: revokes an invite or removes a member; a member's own address leaves the team. */
    removeInvite: (request: InviteRequest) =>
      call({ method: 'DELETE', path: 'invite', auth: 'required', json: request, schema: messageResponseSchema }),
    /** GET join/:code: whose team a join link is for, and whether it can be used. */
    getJoinInvite: (code: string, email?: string) =>
      call({
        method: 'GET',
        path: `join/${id(code)}`,
        auth: 'optional',
        searchParams: email ? { email } : undefined,
        schema: joinInviteSchema,
      }),
    /** POST join/:code/signup: a new account for the invited address, in the team; the tokens are kept. */
    signUpWithInvite: async (code: string, request: InviteSignUp) =>
      storeTokens(await call({ method: 'POST', path: `join/${id(code)}/signup`, auth: 'none', json: request, schema: tokensSchema })),
    /** POST join/:code: the signed-in account joins the owner's team. */
    acceptInvite: (code: string) => call({ method: 'POST', path: `join/${id(code)}`, auth: 'required', schema: joinResultSchema }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
