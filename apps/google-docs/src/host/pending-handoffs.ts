import * as z from 'zod/mini';
import type { Share } from '@vocal/host-contract';
import type { AppsScriptServices } from './apps-script-services.ts';
import { handoffShareSchema } from './handoff-api.ts';

const pendingSchema = z.object({ id: z.string(), secret: z.string(), expiresAt: z.string(), share: z.optional(handoffShareSchema) });

/** A code this user is waiting on: its secret, and the message once claimed and not yet inserted. */
export type PendingHandoff = { id: string; secret: string; expiresAt: string; share?: Share };

const GMAIL_KEY = 'vocal.gmail.handoff';
const docsKey = (id: string) => `vocal.docs.handoff.${id}`;

/**
 * Where the codes' secrets wait: the user's own properties (PropertiesService, private to
 * the user and this script), never a URL or the card's parameters, which the client sees.
 * Gmail keeps one code (the card's); each Docs sidebar keeps its own, by id.
 */
export function pendingHandoffs(services: AppsScriptServices) {
  const properties = () => services.PropertiesService.getUserProperties();
  const read = (key: string): PendingHandoff | null => {
    const text = properties().getProperty(key);
    if (!text) return null;
    try {
      const parsed = pendingSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable (an older version's format): forgotten below, as if expired.
    }
    properties().deleteProperty(key);
    return null;
  };
  const write = (key: string, pending: PendingHandoff) => properties().setProperty(key, JSON.stringify(pending));

  return {
    gmail: {
      get: () => read(GMAIL_KEY),
      set: (pending: PendingHandoff) => write(GMAIL_KEY, pending),
      clear: () => properties().deleteProperty(GMAIL_KEY),
    },
    docs: {
      get: (id: string) => read(docsKey(id)),
      set: (pending: PendingHandoff) => write(docsKey(pending.id), pending),
      clear: (id: string) => properties().deleteProperty(docsKey(id)),
      /** Forgets the codes of sidebars closed without a message, once they have expired. */
      sweep(now: Date) {
        for (const key of Object.keys(properties().getProperties())) {
          if (!key.startsWith(docsKey(''))) continue;
          const pending = read(key);
          if (pending && Date.parse(pending.expiresAt) < now.getTime()) properties().deleteProperty(key);
        }
      },
    },
  };
}
