import type { TeamsTabSdk } from './teams-sdk.ts';

/**
 * The person's Microsoft token for our app, from Teams (authentication.getAuthToken). Teams
 * gives one only when the manifest names the deployment's Entra app (webApplicationInfo) and
 * the organisation consented; otherwise it fails with a code, which is kept in the message.
 */
export async function teamsSingleSignOnToken(sdk: TeamsTabSdk): Promise<string> {
  try {
    return await sdk.getAuthToken();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Teams did not give Vocal your Microsoft sign-in (${reason}).`, { cause: error });
  }
}
