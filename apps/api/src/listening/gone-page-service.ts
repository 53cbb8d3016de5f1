import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { chosenName, type AccountService } from '../accounts/account-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';

/** Who sent an expired message, and where to ask them for it again (null: they do not take messages). */
export type ExpiredSender = { name: string | null; askUrl: string | null };

/**
 * What an expired listen page may say about its sender. Only an expired message of the owner's
 * own gets this: whoever holds its link was meant to hear it, and its page showed the same
 * public name and share code while it lasted. A deleted or never-existing id gets nothing, so
 * neither reveals that an account exists. Asking again goes through the sender's contact
 * form, offered only while they take voice replies on their messages (listenPage.reply.enabled).
 */
export function createGonePageService(options: {
  db: Database;
  config: Config;
  accounts: AccountService;
  personalisation: PersonalisationService;
  now?: () => Date;
}) {
  const { db, config, accounts, personalisation } = options;
  const now = options.now ?? (() => new Date());
  return {
    async expiredSender(recordingId: string): Promise<ExpiredSender | null> {
      const [row] = await db
        .select({ userId: recordings.userId })
        .from(recordings)
        .where(
          and(
            eq(recordings.id, recordingId),
            eq(recordings.status, 'uploaded'),
            eq(recordings.origin, 'owner'),
            lte(recordings.expiryDate, now()),
          ),
        );
      if (!row) return null;
      const owner = await accounts.findById(row.userId);
      if (!owner) return null;
      const name = chosenName(owner.name);
      const settings = await personalisation.get(owner.id);
      return { name, askUrl: settings.listenPage.reply.enabled ? `${config.publicUrl}/contact-form/${owner.inviteCode}` : null };
    },
  };
}

export type GonePageService = ReturnType<typeof createGonePageService>;
