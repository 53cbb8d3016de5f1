import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileTokens, type TokenKind } from '../harness/hostile-tokens.ts';
import { startMicrosoftIdentity, type MicrosoftIdentityServer } from '../harness/microsoft-identity-server.ts';
import { routeCatalogueOf, splitRouteKey, type AimedRequest } from '../harness/route-catalogue.ts';
import { startTestServer, type Backend, type Reply, type TestServer } from '../harness/test-server.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../harness/upload-form.ts';
import { ownView, signUpWithData, type UserWithData } from '../harness/user-with-data.ts';

const BAD_TOKENS: TokenKind[] = ['none', 'malformed', 'expired', 'forged', 'unsigned', 'guessed API token'];
const OTHER_USER: TokenKind[] = ['other user', 'other user API token'];

/**
 * The matrix on one database, called by one test file per database so the two run side by
 * side: each is a long sequence of requests, and on a loaded machine the two in one file were
 * the API suite's tail.
 */
export async function authorizationMatrix(backend: Backend) {
  // Started before the tests are collected: the routes to test are read from its route table,
  // each with its own `access` (described.ts).
  // Microsoft sign-in on, so a forged Microsoft token meets the real verification.
  const microsoft: MicrosoftIdentityServer = await startMicrosoftIdentity();
  // No transcriber: a transcript appearing on its own would look like a change to the victim's data.
  const server: TestServer = await startTestServer(backend, { TRANSCRIBER: 'none', TRUST_PROXY: 'true', ...microsoft.env() });
  const handlers = Object.entries(routeCatalogueOf(server.running.routes));

  describe(`authorization matrix on ${backend}`, () => {
    let victim: UserWithData;
    let attacker: UserWithData;
    /** The attacker's personal API token, of the widest scope. */
    let attackerApiToken: string;

    beforeAll(async () => {
      victim = await signUpWithData(server);
      attacker = await signUpWithData(server);
      const made = await server.call('POST', '/api/tokens', { token: attacker.access, json: { name: 'Attack script', scope: 'write' } });
      attackerApiToken = made.body.token as string;
    });
    afterAll(async () => {
      await server.close();
      await microsoft.close();
    });

    it('tests every handler of the route table', () => {
      expect(handlers.length).toBeGreaterThan(100);
      expect(new Set(handlers.map(([, knowledge]) => knowledge.access))).toEqual(new Set(['public', 'self', 'owner', 'admin']));
    });

    async function send(method: string, aimed: AimedRequest & { path: string }, token: string | undefined): Promise<Reply> {
      const headers = {
        'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...aimed.headers,
      };
      if (aimed.form === 'upload') {
        const form = uploadForm({
          recording: await threeSecondMp3(),
          image: samplePng(),
          context: { id: victim.recordingId, duration: 3, peaks: samplePeaks, subject: 'Taken over' },
        });
        return server.call(method, aimed.path, { token, form, headers });
      }
      if (aimed.form === 'image') {
        const form = new FormData();
        form.set('img', new Blob([samplePng()], { type: 'image/png' }), 'avatar.png');
        return server.call(method, aimed.path, { token, form, headers });
      }
      if (aimed.bytes) return server.call(method, aimed.path, { token, body: aimed.bytes as Uint8Array<ArrayBuffer>, headers });
      return server.call(method, aimed.path, { token, json: aimed.json, headers });
    }

    /** The victim's secrets that no one else may ever be shown. */
    const secretsOf = (user: UserWithData) => [user.email, user.folderId, user.folderName, user.contactMessage, user.refresh];

    it.each(handlers)('%s acts for no one but its owner', async (key, knowledge) => {
      const { method } = splitRouteKey(key);
      const aimedRequests = knowledge.aimedAt(victim);
      // Ending the attacker's own session or account would leave the later routes nothing to try with.
      const otherUser = knowledge.endsSession ? (await server.signUp()).access : attacker.access;
      const tokens = await hostileTokens(server, victim.id, otherUser, attackerApiToken);
      const before = await ownView(server, victim);

      for (const aimed of aimedRequests) {
        for (const [kind, token] of Object.entries(tokens) as [TokenKind, string | undefined][]) {
          const reply = await send(method, aimed, token);
          const label = `${method} ${aimed.path} with ${kind} token: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
          expect(reply.status, label).toBeLessThan(500);
          if (reply.status >= 400 && method !== 'HEAD') expect(typeof reply.body?.msg, label).toBe('string');
          const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          for (const secret of secretsOf(victim)) expect(text.includes(secret), `${label} reveals ${secret}`).toBe(false);

          if (knowledge.access === 'admin') expect(reply.status, label).toBe(403);
          if ((knowledge.access === 'owner' || knowledge.access === 'self') && BAD_TOKENS.includes(kind)) {
            expect(reply.status, label).toBe(401);
          }
          if (knowledge.access === 'owner' && OTHER_USER.includes(kind)) expect([403, 404], label).toContain(reply.status);
          if (aimed.refused) expect(reply.status, label).toBeGreaterThanOrEqual(400);
        }
      }

      // Public routes may write by design (a comment, a listen); nothing else may touch the victim's data.
      if (knowledge.access !== 'public') expect(await ownView(server, victim)).toEqual(before);
    });

    it('leaves the victim signed in, with every one of their things where it was', async () => {
      const view = await ownView(server, victim);
      expect(view.account.status).toBe(200);
      expect(JSON.stringify(view.audio.body)).toContain(victim.recordingId);
      expect(JSON.stringify(view.folders.body)).toContain(victim.folderName);
      expect(JSON.stringify(view.replies.body)).toContain(victim.replyId);
      expect(view.picture).toMatchObject({ status: 200 });
    });
  });
}
