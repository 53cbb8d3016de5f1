import { z } from 'zod';
import {
  accountUpdateSchema,
  collectPayloadSchema,
  commentSchema,
  commentsResponseSchema,
  contactFormPayloadSchema,
  affiliateResponseSchema,
  audiosResponseSchema,
  couponResponseSchema,
  folderCreatedSchema,
  foldersResponseSchema,
  getVocalResponseSchema,
  imageUploadResponseSchema,
  inboxReadResponseSchema,
  inboxResponseSchema,
  inboxSummarySchema,
  inviteSchema,
  okResponseSchema,
  paymentsResponseSchema,
  personalisationSchema,
  publicListenPayloadSchema,
  publicUserSchema,
  recordingSchema,
  reencodeResponseSchema,
  repliesResponseSchema,
  subscriptionResponseSchema,
  transcriptionStateSchema,
  tokensSchema,
  trackViewResponseSchema,
  unsubscribeResponseSchema,
  uploadResponseSchema,
  UPLOAD_FAILURE_TITLE,
  userSchema,
  viewsResponseSchema,
  type AccountUpdate,
  type ContactMessage,
  type Credentials,
  type EditRecording,
  type FeedbackRequest,
  type GetVocalFreeQuery,
  type InboxQuery,
  type InviteRequest,
  type NewComment,
  type TranscriptEdit,
  type PersonalisationPatch,
  type Platform,
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
};

export type UploadVocalInput = {
  recording: Blob;
  image: Blob;
  context: UploadContext;
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
    /** POST microsoft-auth: the Microsoft provider's sign-in. */
    microsoftSignIn: async (payload: Record<string, unknown>) =>
      storeTokens(await call({ method: 'POST', path: 'microsoft-auth', auth: 'none', json: payload, schema: tokensSchema })),
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
    deleteAccount: async () => {
      const result = await call({ method: 'POST', path: 'delete', auth: 'required', schema: okResponseSchema });
      if (result.ok) session.logout();
      return result;
    },
    uploadImage: (image: Blob, filename = 'image.png') => {
      const form = new FormData();
      form.set('img', image, filename);
      return call({ method: 'POST', path: 'image', auth: 'required', form, schema: imageUploadResponseSchema });
    },
    getSharedUser: (code: string) => call({ method: 'GET', path: `share/${id(code)}`, auth: 'none', schema: publicUserSchema }),

    // Settings
    getPersonalisation: () => call({ method: 'GET', path: 'personalisation', auth: 'required', schema: personalisationSchema }),
    savePersonalisation: (patch: PersonalisationPatch) =>
      call({ method: 'POST', path: 'personalisation', auth: 'required', json: patch, schema: personalisationSchema }),

    // Recordings
    getVocal: (platform: Platform = 'webapp') =>
      call({ method: 'GET', path: 'get-vocal', auth: 'required', searchParams: { platform }, schema: getVocalResponseSchema }),
    getVocalFree: (query: GetVocalFreeQuery) =>
      call({
        method: 'GET',
        path: 'get-vocal-free',
        auth: 'none',
        searchParams: { platform: query.platform ?? 'webapp', target: query.target },
        schema: getVocalResponseSchema,
      }),
    /**
     * POST upload-vocal; success needs status 200. A refusal is logged as fatal (spec section
     * 8); an unreachable server is not, since the recorder retries that on its own.
     */
    uploadVocal: async (input: UploadVocalInput, uploadOptions: { auth?: 'required' | 'none' } = {}) => {
      const form = new FormData();
      form.set('recording', input.recording, `${input.context.id}.mp3`);
      form.set('image', input.image, `${input.context.id}.png`);
      form.set('context', JSON.stringify(input.context));
      const bytes = input.recording.size + input.image.size;
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
    getAudios: () => call({ method: 'GET', path: 'audio', auth: 'required', schema: audiosResponseSchema }),
    /** GET inbox: one page of the owner's inbox, newest first; pass nextCursor back for the next page. */
    getInbox: (query: InboxQuery = {}) =>
      call({ method: 'GET', path: 'inbox', auth: 'required', searchParams: inboxSearchParams(query), schema: inboxResponseSchema }),
    /** GET inbox/summary: the unread counts for the navigation. */
    getInboxSummary: () => call({ method: 'GET', path: 'inbox/summary', auth: 'required', schema: inboxSummarySchema }),
    /** POST inbox/read: marks the caller's items read (or unread with read = false); answers the unread count. */
    markRead: (ids: string[], read = true) =>
      call({ method: 'POST', path: 'inbox/read', auth: 'required', json: { ids, read }, schema: inboxReadResponseSchema }),
    deleteRecording: (recordingId: string) =>
      call({ method: 'DELETE', path: `delete/${id(recordingId)}`, auth: 'required', schema: okResponseSchema }),
    editRecording: (recordingId: string, edit: EditRecording) =>
      call({ method: 'POST', path: `edit/${id(recordingId)}`, auth: 'required', json: edit, schema: recordingSchema }),
    viewVocal: (recordingId: string) =>
      call({ method: 'GET', path: `view-vocal/${id(recordingId)}`, auth: 'none', schema: publicListenPayloadSchema }),
    /** Listen tracking: with the bearer token when the visitor is signed in (spec section 6). */
    trackView: (recordingId: string) =>
      call({ method: 'GET', path: `track/view-vocal/${id(recordingId)}`, auth: 'optional', schema: trackViewResponseSchema }),
    getViews: (recordingId: string) =>
      call({ method: 'GET', path: `views/${id(recordingId)}`, auth: 'required', schema: viewsResponseSchema }),
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
      call({ method: 'GET', path: `comments/${id(recordingId)}`, auth: 'optional', schema: commentsResponseSchema }),
    addComment: (recordingId: string, comment: NewComment) =>
      call({ method: 'POST', path: `comments/${id(recordingId)}`, auth: 'optional', json: comment, schema: commentSchema }),
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
    getAffiliate: () => call({ method: 'GET', path: 'affiliate', auth: 'required', schema: affiliateResponseSchema }),

    // Support
    /** POST feedback: the report-issue dialog; sent with the token when signed in. */
    sendFeedback: (report: FeedbackRequest) =>
      call({ method: 'POST', path: 'feedback', auth: 'optional', json: report, schema: z.object({ id: z.string() }) }),

    // Team
    getTeam: () => call({ method: 'GET', path: 'invite', auth: 'required', schema: inviteSchema }),
    invite: (request: InviteRequest) => call({ method: 'POST', path: 'invite', auth: 'required', json: request, schema: anything }),
    removeInvite: (request: InviteRequest) => call({ method: 'DELETE', path: 'invite', auth: 'required', json: request, schema: anything }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
