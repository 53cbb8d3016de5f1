/** The password every test account is made with, so a test can sign in as a person would. */
export const PASSWORD = 'correct horse battery';

let counter = 0;
/** An address no other test has used; `prefix` says which app's test made it when one shows up in a log. */
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`;

/** Creates the account over the API (POST auth signs up a new email), as a person who already has one; answers its access token. */
export async function signUpOverApi(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Makes the account with `email` Pro through the admin API of the running server whose data
 * folder is `dataDir` (its server.json names the server and its admin token), as `pnpm admin
 * users set-plan` would.
 */
export async function makePro(dataDir: string, email: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const handoff = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
  const response = await fetch(`${handoff.url}/api/admin/users/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
    body: JSON.stringify({ email, plan: 'pro' }),
  });
  if (!response.ok) throw new Error(`Could not make ${email} Pro: ${response.status}`);
}
