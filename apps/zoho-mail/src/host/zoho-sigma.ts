import { z } from 'zod';

/**
 * Where Zoho Mail can show a widget (the locations zet accepts for a MAIL extension): the
 * widget panel beside a mail, and the attachment picker of the compose window.
 */
export const ZOHO_WIDGET_LOCATIONS = ['zoho.mail.preview.rightpanel', 'zoho.mail.attachment.popup'] as const;
export type ZohoWidgetLocation = (typeof ZOHO_WIDGET_LOCATIONS)[number];

/**
 * The part of Zoho's `SigmaSDK.MAIL.init()` client the extension uses, from the Mail developer
 * platform's function list: "Get current compose details" and "Insert mail content". Both
 * answer promises; the client talks to Zoho Mail by messages across frames, so answers are
 * parsed, never trusted.
 */
export interface ZohoMailClient {
  get(keys: string[]): Promise<unknown>;
  dispatch(action: string, payload: Record<string, unknown>): Promise<unknown>;
}

/** The global the SDK script defines. */
export interface ZohoSigmaSdk {
  MAIL: { init(onReady: () => void): ZohoMailClient };
}

/** `get(["currentComposeMailInfo"])`: the email being written (Zoho documents content, subject, emailIds). */
export const composeMailInfoSchema = z.object({ subject: z.string().optional() }).passthrough();
