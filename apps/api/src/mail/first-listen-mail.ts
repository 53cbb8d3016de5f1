import { render, type RenderedMail } from './notification-mails.ts';

/**
 * The delivery receipt: someone other than the owner heard one of the owner's messages for
 * the first time. Who it was is not said: listeners are known only by a keyed hash.
 */
export function firstListenMail(input: { subject: string | null; heardAt: Date; listenUrl: string; settingsUrl: string }): RenderedMail {
  const what = input.subject ? `"${input.subject}"` : 'Your voice message';
  const when = input.heardAt.toUTCString().replace(' GMT', ' UTC');
  return render(
    `${what} was just heard for the first time`,
    [
      { text: `${what} was heard for the first time (${when}). Someone opened your link and played it.` },
      { link: input.listenUrl, label: 'Open the message' },
    ],
    input.settingsUrl,
  );
}
