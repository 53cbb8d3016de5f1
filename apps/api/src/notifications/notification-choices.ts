import type { NotificationMailKind, Personalisation } from '@vocal/settings-model';

/** The events a notification job is about, as the queue's keys name them. */
export type NotificationEvent = 'contact-form' | 'reply' | 'collect' | 'comment' | 'first-listen';

export const SETTING_OF_EVENT: Record<NotificationEvent, NotificationMailKind> = {
  'contact-form': 'contactForm',
  reply: 'reply',
  collect: 'collect',
  comment: 'comment',
  'first-listen': 'firstListen',
};

/**
 * How the owner wants to hear of one kind of event: not at all (mail off, or this kind off),
 * in the daily digest, or by a mail of its own now.
 */
export function deliveryOf(settings: Pick<Personalisation, 'defaults' | 'notifications'>, kind: NotificationMailKind) {
  if (!settings.defaults.notifications || !settings.notifications[kind]) return 'none' as const;
  return settings.notifications.digest ? ('digest' as const) : ('now' as const);
}
