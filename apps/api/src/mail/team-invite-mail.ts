import { nameInMail } from './name-in-mail.ts';
import { render, type RenderedMail } from './notification-mails.ts';

/** To an invited address: whose team it is, what joining gives, and the /join link. */
export function teamInviteMail(input: {
  ownerName: string;
  ownerEmail: string;
  joinUrl: string;
  settingsUrl: string;
  validDays: number;
}): RenderedMail {
  const name = input.ownerName === input.ownerEmail ? input.ownerEmail : nameInMail(input.ownerName);
  const who = input.ownerName === input.ownerEmail ? input.ownerEmail : `${name} (${input.ownerEmail})`;
  return render(
    `${name} invited you to their team on Vocal`,
    [
      {
        text: `${who} invited you to their team on Vocal, where you record voice messages and share them as a link. While you are in the team you have Pro; your messages stay yours, and you can leave at any time.`,
      },
      { link: input.joinUrl, label: 'Join the team' },
      {
        text: `The link works for ${input.validDays} days, for an account with this email address: sign in with it, or create one on the page. If you do not know ${input.ownerEmail}, ignore this email.`,
      },
    ],
    input.settingsUrl,
    'You get this email because a Vocal user invited this address to their team',
  );
}
