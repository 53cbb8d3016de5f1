export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type ProgressiveUploadTarget,
  type UploadVocalInput,
} from './api-client.ts';
export { ApiError, unwrap, type ApiResult, type HttpErrorReport } from './api-result.ts';
export { createAuthSession, type AuthSession, type RefreshOutcome } from './auth-session.ts';
export { memoryTokenStore, type TokenStore } from './token-store.ts';
export { joinUrl } from './url.ts';
