import type { ApiClient } from '@vocal/api-client';
import type { MicrosoftSignIn } from './use-microsoft-sign-in.ts';

/**
 * Microsoft sign-in over our API: on when the server's sign-up policy names a Microsoft
 * client id (MICROSOFT_CLIENT_ID), and then the token Teams gives is exchanged for our session
 * with POST /api/microsoft-auth, which verifies it against Microsoft's keys.
 */
export function createMicrosoftSignIn(api: ApiClient, microsoftToken: () => Promise<string>): MicrosoftSignIn {
  return {
    async isEnabled() {
      const policy = await api.getSignupPolicy();
      return policy.ok && Boolean(policy.data.microsoft);
    },
    async signIn() {
      const result = await api.microsoftAuth(await microsoftToken());
      if (!result.ok) throw new Error(result.error.msg || 'The server refused the Microsoft sign-in.');
    },
  };
}
