import { eq } from 'drizzle-orm';
import { mergeSettings, personalisationSchema, type Personalisation, type PersonalisationPatch } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { personalisations } from '../db/schema.ts';
import { describeZodError, forbidden, badRequest } from '../http/http-error.ts';

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

const valueAt = (settings: unknown, path: readonly string[]) =>
  path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    settings,
  );

export function createPersonalisationService(options: { db: Database }) {
  const { db } = options;

  async function get(userId: number): Promise<Personalisation> {
    const [row] = await db
      .select({ settings: personalisations.settings })
      .from(personalisations)
      .where(eq(personalisations.userId, userId));
    // Stored settings are parsed on the way out too: defaults added later reach old rows.
    const parsed = personalisationSchema.safeParse(row?.settings ?? {});
    return parsed.success ? parsed.data : personalisationSchema.parse({});
  }

  return {
    get,

    /** Merges a patch over the stored settings; the merged whole must pass the rules. */
    async update(userId: number, patch: PersonalisationPatch, pro: boolean): Promise<Personalisation> {
      const current = await get(userId);
      const result = personalisationSchema.safeParse(mergeSettings(current, patch));
      if (!result.success) throw badRequest(describeZodError(result.error));
      const next = result.data;
      if (!pro) {
        const changed = PRO_ONLY_PATHS.find((path) => JSON.stringify(valueAt(current, path)) !== JSON.stringify(valueAt(next, path)));
        if (changed) {
          throw forbidden(`Changing ${changed.join('.')} is a Pro feature. Upgrade to customise it.`);
        }
      }
      await db
        .insert(personalisations)
        .values({ userId, settings: next })
        .onConflictDoUpdate({
          target: personalisations.userId,
          set: { settings: next, updatedAt: new Date() },
        });
      return next;
    },
  };
}

export type PersonalisationService = ReturnType<typeof createPersonalisationService>;
