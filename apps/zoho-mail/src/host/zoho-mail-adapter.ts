import { shareHtml, shareText, type HostAdapter, type HostContext, type InsertOutcome, type Share } from '@vocal/host-contract';
import { composeMailInfoSchema, type ZohoMailClient, type ZohoWidgetLocation } from './zoho-sigma.ts';

/** The locations whose widget can write into the compose body ("Insert mail content"). */
const COMPOSE_INSERT_LOCATIONS: ReadonlySet<ZohoWidgetLocation> = new Set(['zoho.mail.preview.rightpanel']);

export const COPIED_REASON = 'The link is copied: paste it into your email (Ctrl+V, or ⌘V on a Mac).';
export const COPY_IT_REASON = 'Copy the link below and paste it into your email.';
export const INSERT_FAILED = 'Zoho Mail could not add the link to the email.';

export type ZohoMailAdapterOptions = {
  /** Where Zoho Mail opened the widget (the launcher page names it). */
  location: ZohoWidgetLocation;
  /** Puts text on the clipboard; false when the browser refused. */
  copyText(text: string): Promise<boolean>;
};

/**
 * Zoho Mail as a host: the link goes into the email being written through the SDK's compose
 * insert (`dispatch("compose", {mode: "insert", mailData})`). The attachment picker has no
 * such call, so there (and when Zoho refuses the insert) the link goes to the clipboard and
 * the person is told to paste it. Zoho has no window API: the app adds sign-in and recording
 * in our own popups (host-shell's withPopupWindows).
 */
export function createZohoMailAdapter(client: ZohoMailClient, options: ZohoMailAdapterOptions): HostAdapter {
  const canInsert = COMPOSE_INSERT_LOCATIONS.has(options.location);
  return {
    platform: 'zoho-mail',
    // The review step's confirm puts the link into the email where Zoho lets it.
    ...(canInsert ? { sendLabel: 'Add to email' } : {}),

    async ready(): Promise<HostContext> {
      // Outside a compose window there is nothing to read: the flow starts without a subject.
      const info = await client.get(['currentComposeMailInfo']).catch(() => null);
      const subject = composeMailInfoSchema.safeParse(info).data?.subject?.trim();
      return subject ? { subject } : {};
    },

    async insertShare(share: Share): Promise<InsertOutcome> {
      let refused = false;
      if (canInsert) {
        try {
          await client.dispatch('compose', { mode: 'insert', mailData: shareHtml(share) });
          return { inserted: true };
        } catch (error) {
          console.warn('Zoho Mail refused the compose insert', error);
          refused = true;
        }
      }
      // Where Zoho cannot take it, the person pastes it: the link must reach the email either way.
      const copied = await options.copyText(shareText(share));
      const reason = copied ? COPIED_REASON : COPY_IT_REASON;
      return { inserted: false, reason: refused ? `${INSERT_FAILED} ${reason}` : reason };
    },
  };
}
