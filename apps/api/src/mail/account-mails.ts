import { render, type RenderedMail } from './notification-mails.ts';

const WHY = 'You get this email because of a change to your Vocal account';

/**
 * To a new account's address: the one mail it gets before it is confirmed. It names no one and
 * quotes nothing the account chose (its name could say anything), only the address itself.
 */
export function addressConfirmationMail(input: {
  email: string;
  confirmUrl: string;
  settingsUrl: string;
  validDays: number;
}): RenderedMail {
  return render(
    'Confirm your email address for Vocal',
    [
      {
        text: `A Vocal account was made with ${input.email}. Confirm that this address is yours to get notifications and to open your contact form.`,
      },
      { link: input.confirmUrl, label: 'Confirm my address' },
      {
        text: `The link works for ${input.validDays} days. If you did not make this account, ignore this email: nothing more will be sent to you.`,
      },
    ],
    input.settingsUrl,
    WHY,
  );
}

/** To the new address: the link that makes it the account's address. */
export function emailConfirmationMail(input: {
  newEmail: string;
  confirmUrl: string;
  settingsUrl: string;
  validHours: number;
}): RenderedMail {
  return render(
    'Confirm your new email address for Vocal',
    [
      { text: `Someone signed in to Vocal asked to use ${input.newEmail} as their account's email address.` },
      { link: input.confirmUrl, label: 'Confirm this address' },
      {
        text: `The link works once, for ${input.validHours} hours. If you did not ask for this, ignore this email: nothing changes without it.`,
      },
    ],
    input.settingsUrl,
    WHY,
  );
}

/** To the old address, at once: so the owner hears of a change they did not make. */
export function emailChangeNoticeMail(input: { oldEmail: string; newEmail: string; settingsUrl: string }): RenderedMail {
  return render(
    'Your Vocal email address is about to change',
    [
      {
        text: `Someone signed in to your Vocal account (${input.oldEmail}) with its password asked to change its email address to ${input.newEmail}. A confirmation link went to that address; the change happens only once it is opened, and then every other session is signed out.`,
      },
      { text: 'If this was not you, someone knows your password: tell the administrator of this Vocal server.' },
      { link: input.settingsUrl, label: 'Open your settings' },
    ],
    input.settingsUrl,
    WHY,
  );
}
