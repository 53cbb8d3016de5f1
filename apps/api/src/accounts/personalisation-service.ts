import { eq } from 'drizzle-orm';
import {
  accountUpdateSchema,
  mergeSettings,
  personalisationSchema,
  personalisationUserSchema,
  type Personalisation,
  type PersonalisationPatch,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { personalisations, users } from '../db/schema.ts';
import { describeZodError, forbidden, badRequest } from '../http/http-error.ts';
import type { AccountService } from './account-service.ts';

/**
 * What the Free plan may not customise (spec section 9: "no customization"; Pro adds themes
 * and the CTA). Each entry is a path into the settings.
 */
const PRO_ONLY_PATHS = [
  ['themes'],
  ['listenPage', 'theme'],
  ['listenPage', 'logoUrl'],
  ['listenPage', 'cta'],
  ['contactForm', 'theme'],
  ['signature', 'theme'],
] as const;

const FOREIGN_LOGO = 'listenPage.logoUrl: must be a picture you uploaded to this server (POST /image)';

const valueAt = (settings: unknown, path: readonly string[]) =>
  path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    settings,
  );

/** The `user` group of a patch is the account's name and avatar: POST /account's rules apply to it. */
const userPatchSchema = accountUpdateSchema.pick({ name: true, avatarUrl: true }).strict();

/** What is stored of the settings: everything but `user`, which lives on the account (users row). */
const withoutUser = (settings: Personalisation) => {
  const { user: _fromAccount, ...stored } = settings;
  return stored;
};

/**
 * The personalisation settings. Their `user` group (name, avatarUrl) is not kept here: it is
 * read from the account and written to it, so GET /account and GET /personalisation always
 * name the same person (before, the two kept a name each and could disagree).
 */
export function createPersonalisationService(options: { db: Database; accounts: AccountService }) {
  const { db, accounts } = options;

  async function get(userId: number): Promise<Personalisation> {
    const [row] = await db
      .select({ settings: personalisations.settings, name: users.name, avatarUrl: users.avatarUrl })
      .from(users)
      .leftJoin(personalisations, eq(personalisations.userId, users.id))
      .where(eq(users.id, userId));
    // Stored settings are parsed on the way out too: defaults added later reach old rows.
    const parsed = personalisationSchema.safeParse(row?.settings ?? {});
    const settings = parsed.success ? parsed.data : personalisationSchema.parse({});
    return { ...settings, user: personalisationUserSchema.parse({ name: row?.name, avatarUrl: row?.avatarUrl ?? null }) };
  }

  return {
    get,

    /** Merges a patch over the stored settings; the merged whole must pass the rules. */
    async update(userId: number, patch: PersonalisationPatch, pro: boolean): Promise<Personalisation> {
      const { user: userPatch, ...settingsPatch } = patch;
      const userUpdate = userPatchSchema.safeParse(userPatch ?? {});
      if (!userUpdate.success) throw badRequest(describeZodError(userUpdate.error, 'user'));
      const current = await get(userId);
      const result = personalisationSchema.safeParse(mergeSettings(current, settingsPatch));
      if (!result.success) throw badRequest(describeZodError(result.error));
      const next = result.data;
      if (!pro) {
        const changed = PRO_ONLY_PATHS.find((path) => JSON.stringify(valueAt(current, path)) !== JSON.stringify(valueAt(next, path)));
        if (changed) {
          throw forbidden(`Changing ${changed.join('.')} is a Pro feature. Upgrade to customise it.`);
        }
      }
      // The listen page's logo follows the avatar's rule: a picture this owner uploaded here, so a
      // listen page never loads a picture from a host an owner chose (it would see every listener).
      const logoUrl = next.listenPage.logoUrl;
      if (logoUrl !== null && logoUrl !== current.listenPage.logoUrl && !(await accounts.ownsStoredImage(userId, logoUrl))) {
        throw badRequest(FOREIGN_LOGO);
      }
      // Last, so that a refused name or avatar leaves the other settings unchanged too.
      const account = userPatch ? await accounts.update(userId, userUpdate.data) : null;
      const stored = withoutUser(next);
      await db
        .insert(personalisations)
        .values({ userId, settings: stored })
        .onConflictDoUpdate({
          target: personalisations.userId,
          set: { settings: stored, updatedAt: new Date() },
        });
      return account ? { ...next, user: { name: account.name, avatarUrl: account.avatarUrl } } : next;
    },
  };
}

export type PersonalisationService = ReturnType<typeof createPersonalisationService>;
