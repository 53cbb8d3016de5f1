import * as z from 'zod/mini';
import type { Share } from '@vocal/host-contract';
import type { AppsScriptServices } from './apps-script-services.ts';

/** Which add-on asks for the code: the Gmail card or the Docs sidebar (the server's `host`). */
export type HandoffHost = 'gmail' | 'google-docs';

const createdSchema = z.object({ id: z.string().check(z.minLength(1)), secret: z.string().check(z.minLength(1)), expiresAt: z.string() });
export type CreatedHandoff = z.infer<typeof createdSchema>;

const hexColour = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/));

/**
 * The server's Share (settings-model's handoffShareSchema, mirrored: Apps Script keeps zod
 * mini). A share without `accent` (an older server, or one kept by an older version of the
 * add-on) reads as a plain link.
 */
export const handoffShareSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  message: z.nullable(z.string()),
  imageUrl: z.string(),
  durationSeconds: z.number(),
  accent: z._default(z.nullable(z.object({ background: hexColour, text: hexColour })), null),
});
const claimSchema = z.union([
  z.object({ status: z.literal('waiting') }),
  z.object({ status: z.literal('ready'), share: handoffShareSchema }),
]);
const errorSchema = z.object({ msg: z.string() });

/** What a claim found: still waiting, the finished message (once), or nothing any more. */
export type ClaimOutcome = { status: 'waiting' } | { status: 'ready'; share: Share } | { status: 'gone' };

/** The server could not be reached, or answered something the add-on cannot use. */
export class HandoffError extends Error {}

/**
 * The one-time code between the add-on and our record page (POST /api/recording-handoff,
 * then /claim with the secret), over UrlFetchApp. Nothing here signs in: the code is the
 * only link, and its secret never leaves Apps Script (the page gets the id alone).
 */
export function createHandoffApi(services: AppsScriptServices, baseUrl: string) {
  const call = (path: string, body: unknown) => {
    let response: GoogleAppsScript.URL_Fetch.HTTPResponse;
    try {
      response = services.UrlFetchApp.fetch(`${baseUrl}${path}`, {
        method: 'post',
        contentType: 'application/json',
        payload: JSON.stringify(body),
        muteHttpExceptions: true,
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new HandoffError(`Vocal could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    const status = response.getResponseCode();
    let json: unknown = null;
    try {
      json = JSON.parse(response.getContentText());
    } catch {
      // A proxy's HTML error page: reported by status below.
    }
    return { status, json };
  };

  const failure = (status: number, json: unknown) => {
    const parsed = errorSchema.safeParse(json);
    return new HandoffError(parsed.success ? `Vocal answered: ${parsed.data.msg}` : `Vocal answered ${status}.`);
  };

  return {
    /** A new code for this add-on: its id goes in the record page's address, its secret stays here. */
    create(host: HandoffHost): CreatedHandoff {
      const { status, json } = call('/api/recording-handoff', { host });
      if (status !== 201) throw failure(status, json);
      const parsed = createdSchema.safeParse(json);
      if (!parsed.success) throw new HandoffError('Vocal answered with a code the add-on cannot read.');
      return parsed.data;
    },
    /** Asks whether the message recorded for code `id` is there; it is handed out once. */
    claim(id: string, secret: string): ClaimOutcome {
      const { status, json } = call(`/api/recording-handoff/${encodeURIComponent(id)}/claim`, { secret });
      if (status === 404) return { status: 'gone' };
      if (status !== 200) throw failure(status, json);
      const parsed = claimSchema.safeParse(json);
      if (!parsed.success) throw new HandoffError('Vocal answered with a message the add-on cannot read.');
      return parsed.data;
    },
  };
}
export type HandoffApi = ReturnType<typeof createHandoffApi>;
