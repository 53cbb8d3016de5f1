import { render, type RenderedMail } from './notification-mails.ts';

/** To an account's address: the link that sets a new password. */
export function passwordResetMail(input: { resetUrl: string; settingsUrl: string; validMinutes: number }): RenderedMail {
  return render(
    'Reset your Vocal password',
    [
      { text: 'Someone (hopefully you) asked to reset the password of the Vocal account with this email address.' },
      { link: input.resetUrl, label: 'Choose a new password' },
      {
        text: `The link works once, for ${input.validMinutes} minutes. Setting a new password signs this account out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.`,
      },
    ],
    input.settingsUrl,
    'You get this email because a password reset was asked for your Vocal account',
  );
}
