import { createApiClient, type ApiClient } from '@vocal/api-client';
import { persistedTokenStore } from '../session/persisted-token-store.ts';
import { readUnlockToken } from './unlock-token.ts';

let client: ApiClient | null = null;

/**
 * The listen page's API client, loaded after the page is up. It uses the app's stored session
 * when the visitor is signed in (their listens are theirs, and an owner sees replies), and it
 * never reloads the page: a session that ended just makes them a visitor.
 */
export function listenApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: `${window.location.origin}/api`,
    storageBaseUrl: `${window.location.origin}/files/`,
    tokenStore: persistedTokenStore(),
    unlockTokenFor: readUnlockToken,
  });
  return client;
}
