import { Hono } from 'hono';
import { z } from 'zod';
import {
  RECORDING_HANDOFF_SPENT,
  recordingHandoffClaimSchema,
  recordingHandoffIdSchema,
  recordingHandoffRequestSchema,
  recordingHandoffShareSchema,
  sessionHandoffClaimSchema,
} from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { RecordingHandoffService } from './recording-handoff-service.ts';
import type { SessionHandoffService } from './session-handoff-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_HANDOFF_ID, SIGN_IN_LIMIT } from '../openapi/description-parts.ts';

const handoffParams = z.object({ id: recordingHandoffIdSchema });

/**
 * The two one-time handoffs of issue 12 (docs/decisions/0023-one-time-handoffs.md).
 * Session: a signed-in page asks for a code, the Chrome extension claims it for a session of
 * its own. Recording: an Apps Script add-on opens our recorder page through a handoff, the
 * page sends its message through it, the add-on claims the message.
 */
export function handoffRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  config: Config;
  limits: ApiLimits;
  sessionHandoffs: SessionHandoffService;
  recordingHandoffs: RecordingHandoffService;
}) {
  const { config, limits, sessionHandoffs, recordingHandoffs } = services;
  const idOf = (context: Parameters<typeof readParams>[0]) => readParams(context, handoffParams, RECORDING_HANDOFF_SPENT).id;

  return (
    new Hono<AppEnv>()
      .post(
        '/session-handoff',
        described({
          tag: TAGS.handoffs,
          summary: 'A one-time code that signs another client in as me (2 minutes)',
          access: 'self',
          answers: { 201: { description: 'The code', json: 'SessionHandoff' } },
        }),
        requireUser(services),
        async (context) => {
          return context.json(await sessionHandoffs.create(context.get('user').id), 201);
        },
      )
      // A claim is a sign-in: counted per client address with the other sign-ins before the code is read.
      .post(
        '/session-handoff/claim',
        described({
          tag: TAGS.handoffs,
          summary: 'Sign in with a session handoff code',
          access: 'public',
          body: { json: 'SessionHandoffClaim' },
          answers: { 200: { description: "A new session of the code's user", json: 'Tokens' } },
          refusals: { 404: 'Unknown, used or expired code', 429: SIGN_IN_LIMIT },
        }),
        async (context) => {
          await countAttempt(limits.signIns, clientAddress(context, config.trustProxy), 'sign-in attempts');
          const { code } = await readJson(context, sessionHandoffClaimSchema);
          return context.json(await sessionHandoffs.claim(code, context.req.header('user-agent') ?? null), 200);
        },
      )
      .post(
        '/recording-handoff',
        described({
          tag: TAGS.handoffs,
          summary: 'A recording handoff for an add-on or a host panel that records in a browser tab (30 minutes)',
          access: 'public',
          body: { json: 'RecordingHandoffRequest' },
          answers: { 201: { description: 'Its id and secret', json: 'RecordingHandoffCreated' } },
          refusals: { 429: 'Too many recording links from this address' },
        }),
        async (context) => {
          await countAttempt(limits.recordingHandoffs, clientAddress(context, config.trustProxy), 'recording links from this address');
          const { host } = await readJson(context, recordingHandoffRequestSchema);
          return context.json(await recordingHandoffs.create(host), 201);
        },
      )
      .get(
        '/recording-handoff/:id',
        described({
          tag: TAGS.handoffs,
          summary: 'Whether a recording handoff is waiting or delivered',
          access: 'public',
          pathParameters: { id: RECORDING_HANDOFF_ID },
          answers: { 200: { description: 'Its state', json: 'RecordingHandoffStatus' } },
          refusals: { 404: 'Unknown, expired or claimed' },
        }),
        async (context) => context.json(await recordingHandoffs.status(idOf(context))),
      )
      .post(
        '/recording-handoff/:id/share',
        described({
          tag: TAGS.handoffs,
          summary: 'Deliver one of my uploaded messages to the add-on or panel that asked',
          access: 'owner',
          pathParameters: { id: RECORDING_HANDOFF_ID },
          body: { json: 'RecordingHandoffShare' },
          answers: { 200: { description: 'Delivered', json: 'RecordingHandoffShared' } },
          refusals: {
            404: 'The handoff is gone, or the message is not found or not yours',
            409: 'Not uploaded yet, or already delivered',
            410: 'The message has expired',
          },
        }),
        requireUser(services),
        async (context) => {
          const id = idOf(context);
          const { recordingId } = await readJson(context, recordingHandoffShareSchema);
          await recordingHandoffs.share(id, context.get('user').id, recordingId);
          return context.json({ status: 'delivered' as const });
        },
      )
      .post(
        '/recording-handoff/:id/claim',
        described({
          tag: TAGS.handoffs,
          summary: "The asker's poll: waiting, then the Share exactly once",
          access: 'public',
          pathParameters: { id: RECORDING_HANDOFF_ID },
          body: { json: 'RecordingHandoffClaim' },
          answers: { 200: { description: 'Waiting, or ready with the share', json: 'RecordingHandoffClaimResponse' } },
          refusals: { 404: 'Unknown, expired or claimed, or a wrong secret (one answer)' },
        }),
        async (context) => {
          const id = idOf(context);
          const { secret } = await readJson(context, recordingHandoffClaimSchema);
          return context.json(await recordingHandoffs.claim(id, secret));
        },
      )
  );
}
