import {
  DEFAULT_NAMES,
  resolveTheme,
  toPublicUser,
  type CollectPayload,
  type ContactFormPayload,
  type contactMessageSchema,
} from '@vocal/settings-model';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { recordings } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { chosenName, type AccountService, type UserRow } from '../accounts/account-service.ts';
import { addressConfirmed, NOT_OPEN_YET } from '../accounts/email-confirmation.ts';
import { newRecordingId } from '../common/ids.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { PersonalisationService } from '../accounts/personalisation-service.ts';
import { isPro } from '../billing/plans.ts';
import type { WebhookService } from '../automation/webhook-service.ts';

export type ContactMessageInput = z.output<typeof contactMessageSchema>;

const FORM_NOT_FOUND = 'This contact form does not exist';
const COLLECTION_NOT_FOUND = 'This collection does not exist';

/**
 * The pages a user's share code opens to anyone: the contact form and the collect page, and
 * the written contact-form message. Voice messages to either arrive through get-vocal-free.
 */
export function createVisitorService(options: {
  db: Database;
  config: Config;
  accounts: AccountService;
  personalisation: PersonalisationService;
  notifications: NotificationService;
  /** Told of each written contact-form message (contact.received). */
  webhooks?: WebhookService;
  wakeJobs: () => void;
  now?: () => Date;
}) {
  const { db, accounts, personalisation, notifications } = options;
  const now = options.now ?? (() => new Date());

  /** The owner of a share code whose form or collect page is open to visitors, or a 404 saying why not. */
  async function openDoor(code: string, door: keyof typeof NOT_OPEN_YET): Promise<UserRow> {
    const owner = await accounts.findByInviteCode(code);
    if (!owner) throw notFound(door === 'form' ? FORM_NOT_FOUND : COLLECTION_NOT_FOUND);
    if (!addressConfirmed(owner, options.config)) throw forbidden(NOT_OPEN_YET[door]);
    return owner;
  }

  async function ownerOf(code: string, door: keyof typeof NOT_OPEN_YET) {
    const owner = await openDoor(code, door);
    const user = toPublicUser(await accounts.toUser(owner));
    // The owner's own default name "You" would read wrong to a visitor (as on the listen page).
    const name = chosenName(user.name) ?? DEFAULT_NAMES.someone;
    return { owner, user, name, settings: await personalisation.get(owner.id) };
  }

  return {
    /** GET contact-form/{code}: the form's strings and theme from the owner's settings, with the spec's defaults. */
    async contactForm(code: string): Promise<ContactFormPayload> {
      const { owner, user, name, settings } = await ownerOf(code, 'form');
      return {
        code: owner.inviteCode,
        user,
        name,
        strings: settings.contactForm.strings,
        theme: resolveTheme(settings.themes, settings.contactForm.theme),
        branding: !isPro(owner),
      };
    },

    /** GET collect/{code}: whose collection it is, in their listen-page theme. */
    async collection(code: string): Promise<CollectPayload> {
      const { owner, user, name, settings } = await ownerOf(code, 'collect');
      return {
        code: owner.inviteCode,
        user,
        name,
        title: `Send ${name} a voice message`,
        theme: resolveTheme(settings.themes, settings.listenPage.theme),
        branding: !isPro(owner),
      };
    },

    /** The owner of a contact form, or 404. */
    async formOwner(code: string): Promise<UserRow> {
      return openDoor(code, 'form');
    },

    /**
     * POST contact-form/{code}/messages: a written message, kept as a recording without audio
     * among the owner's messages, and mailed to the owner once it is stored.
     */
    async sendMessage(owner: UserRow, input: ContactMessageInput): Promise<{ id: string }> {
      const notify = await notifications.wants(owner.id);
      const id = newRecordingId();
      let told = false;
      await db.transaction(async (transaction) => {
        await transaction.insert(recordings).values({
          id,
          userId: owner.id,
          status: 'uploaded',
          origin: 'contact-form',
          platform: 'contact-form',
          uploadDate: now(),
          email: input.email,
          senderName: input.name || null,
          subject: input.subject || null,
          message: input.message,
        });
        if (notify) await notifications.queueInTransaction({ event: 'contact-form', recordingId: id }, transaction);
        if (options.webhooks) {
          const data = {
            id,
            via: 'contact-form',
            kind: 'written',
            subject: input.subject || null,
            message: input.message,
            sender: { name: input.name || null, email: input.email },
          };
          told = await options.webhooks.emitInTransaction(owner.id, 'contact.received', data, transaction);
        }
      });
      if (notify || told) options.wakeJobs();
      return { id };
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
