import type { MailUnsubscribeResponse, UnsubscribeKind } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import type { Config } from '../env.ts';
import { escapeHtml } from '../http/html-escaping.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import type { RenderedMail } from '../mail/notification-mails.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { isPro } from '../billing/plans.ts';
import { createUnsubscribeTokens } from './unsubscribe-tokens.ts';

export type MailWithUnsubscribe = RenderedMail & { headers: Record<string, string> };

const FORGED =
  'This unsubscribe link is not valid: it may have been cut short or changed. Use the link in the email itself, or change your notifications in Settings.';

/**
 * One-click unsubscribe (RFC 8058): every notification mail names a signed link in its
 * List-Unsubscribe header and its footer. A POST to the link (what mail clients send, and
 * what our page sends) turns that kind of mail off, without signing in; the undo turns it
 * back on. `all` is the master switch, defaults.notifications.
 */
export function createUnsubscribeMail(options: {
  db: Database;
  config: Config;
  accounts: AccountService;
  personalisation: PersonalisationService;
}) {
  const { config, accounts, personalisation } = options;
  const tokens = createUnsubscribeTokens(options.db);

  /** The link's address: the API path a mail client POSTs to and a person's browser opens. */
  const linkOf = async (userId: number, kind: UnsubscribeKind) =>
    `${config.publicUrl}/api/unsubscribe?token=${encodeURIComponent(await tokens.create({ userId, kind }))}`;

  async function setSubscribed(token: string, subscribed: boolean): Promise<MailUnsubscribeResponse> {
    const claim = await tokens.verify(token);
    if (!claim) throw badRequest(FORGED);
    const owner = await accounts.findById(claim.userId);
    if (!owner) throw notFound('The account this link was for no longer exists, so it gets no more mail.');
    const patch = claim.kind === 'all' ? { defaults: { notifications: subscribed } } : { notifications: { [claim.kind]: subscribed } };
    await personalisation.update(owner.id, patch, isPro(owner));
    return { kind: claim.kind, subscribed };
  }

  return {
    linkOf,
    unsubscribe: (token: string) => setSubscribed(token, false),
    resubscribe: (token: string) => setSubscribed(token, true),

    /** The mail with its List-Unsubscribe headers and a footer line holding the same link. */
    async attach(userId: number, kind: UnsubscribeKind, mail: RenderedMail): Promise<MailWithUnsubscribe> {
      const link = await linkOf(userId, kind);
      const label = kind === 'all' ? 'Stop all notification emails' : 'Unsubscribe from emails like this one';
      const footer = `<p style="color:#64748b;font-size:13px"><a href="${escapeHtml(link)}" style="color:#64748b">${escapeHtml(label)}</a> (one click, no sign-in).</p>`;
      return {
        subject: mail.subject,
        text: `${mail.text}\n${label}: ${link}`,
        html: mail.html.replace(/<\/body><\/html>$/, `${footer}\n</body></html>`),
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },
  };
}

export type UnsubscribeMail = ReturnType<typeof createUnsubscribeMail>;
