import { Link, useSearch } from 'wouter';

/** The hub's groups, each a few pages that belong together. */
const GROUPS = [
  {
    title: 'You',
    sections: [
      { href: '/settings/profile', title: 'Profile', text: 'Your name and photo as listeners see them, your email address and password.' },
      {
        href: '/settings/account',
        title: 'Password & account',
        text: 'Change your password, or delete your account and everything in it.',
      },
      {
        href: '/settings/notifications',
        title: 'Notifications',
        text: 'Emails about replies, comments, messages and first listens, or one daily digest.',
      },
    ],
  },
  {
    title: 'What listeners and visitors see',
    sections: [
      { href: '/settings/listen-page', title: 'Listen page', text: 'Theme, logo, call to action, replies and comments on your messages.' },
      { href: '/settings/form', title: 'Contact Form', text: 'Let visitors send you a voice or written message from your website.' },
      { href: '/settings/collect', title: 'Collections', text: 'A link anyone can use to record a voice message for you.' },
      {
        href: '/settings/domain',
        title: 'Custom domain',
        text: 'Share listen links on your own domain, with the DNS record to create and a check.',
      },
    ],
  },
  {
    title: 'Recording and sending',
    sections: [
      { href: '/settings/recorder', title: 'Recorder', text: 'Your microphone, and whether Stop goes straight to the link.' },
      {
        href: '/settings/signature',
        title: 'Signature',
        text: 'The message that goes into your email with the link, and the MP3 attachment.',
      },
      { href: '/settings/transcripts', title: 'Transcripts', text: 'Whether new messages get a transcript, and the engine that makes it.' },
      {
        href: '/integrations',
        title: 'Integrations',
        text: 'Record inside Outlook, Teams, Zendesk, Front and Zoho Mail: the link goes where you write.',
      },
      {
        href: '/settings/api-tokens',
        title: 'API tokens',
        text: 'Keys for your own scripts to use the Vocal API: read or write, revoked at once.',
      },
      {
        href: '/settings/webhooks',
        title: 'Webhooks',
        text: 'Tell your own systems of new messages, replies, comments and transcripts, signed.',
      },
    ],
  },
  {
    title: 'Plan',
    sections: [
      { href: '/upgrade', title: 'Your plan', text: 'What Free allows, what Pro adds, and how to get it.' },
      { href: '/settings/payments', title: 'Payment History', text: 'Your payments for Pro, paid or not, with their receipts.' },
      { href: '/settings/team', title: 'Team', text: 'Invite colleagues to share your Pro, or see the team you are in.' },
      { href: '/redeem', title: 'Redeem a coupon', text: 'A coupon code gives your account Pro for a while, or money off Pro.' },
      {
        href: '/settings/affiliate',
        title: 'Affiliate',
        text: 'Your referral link, who it brought, and the commission on what they pay.',
      },
    ],
  },
];

/** What the email confirmation link (GET /api/account/email/confirm) reports on landing here. */
const EMAIL_CHANGE_OUTCOMES: Record<string, string> = {
  confirmed: 'Your email address has been changed. Every other device has been signed out.',
  invalid: 'That confirmation link has expired or was already used, so your email address is unchanged. Ask for a new one.',
  taken: 'That email address now belongs to another account, so yours is unchanged.',
};

/** What the sign-up confirmation link (GET /api/account/email/verify) reports on landing here. */
const ADDRESS_OUTCOMES: Record<string, string> = {
  verified: 'Your email address is confirmed. Your contact form and collection are open, and notifications will reach you.',
  invalid: 'That confirmation link has expired or is for another address. Send a new one from the notice above.',
};

const headingId = (title: string) => `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/** The settings hub: each part of the account has its own page, in groups. */
export default function SettingsPage() {
  const search = new URLSearchParams(useSearch());
  const emailOutcome = EMAIL_CHANGE_OUTCOMES[search.get('email') ?? ''] ?? ADDRESS_OUTCOMES[search.get('address') ?? ''];
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title" className="page-header__title">
          Settings
        </h1>
      </header>
      {emailOutcome ? (
        <p className="notice" role="status">
          {emailOutcome}
        </p>
      ) : null}
      {GROUPS.map((group) => (
        <section key={group.title} className="settings-hub__group" aria-labelledby={headingId(group.title)}>
          <h2 id={headingId(group.title)} className="settings-hub__heading">
            {group.title}
          </h2>
          <ul className="settings-hub">
            {group.sections.map((section) => (
              <li key={section.href}>
                <Link href={section.href} className="settings-hub__item">
                  <span className="settings-hub__title">{section.title}</span>
                  <span className="settings-hub__text">{section.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
