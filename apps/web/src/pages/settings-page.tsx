import { Link, useSearch } from 'wouter';

const SECTIONS = [
  { href: '/settings/form', title: 'Contact Form', text: 'Let visitors send you a voice or written message from your website.' },
  { href: '/settings/collect', title: 'Collections', text: 'A link anyone can use to record a voice message for you.' },
  { href: '/integrations', title: 'Integrations', text: 'Record inside Outlook, with the link going straight into your email.' },
  { href: '/upgrade', title: 'Your plan', text: 'What Free allows, what Pro adds, and how to get it.' },
];

/** What the email confirmation link (GET /api/account/email/confirm) reports on landing here. */
const EMAIL_CHANGE_OUTCOMES: Record<string, string> = {
  confirmed: 'Your email address has been changed. Every other device has been signed out.',
  invalid: 'That confirmation link has expired or was already used, so your email address is unchanged. Ask for a new one.',
  taken: 'That email address now belongs to another account, so yours is unchanged.',
};

/** The settings hub: each part of the account has its own page. */
export default function SettingsPage() {
  const emailOutcome = EMAIL_CHANGE_OUTCOMES[new URLSearchParams(useSearch()).get('email') ?? ''];
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
      <ul className="settings-hub">
        {SECTIONS.map((section) => (
          <li key={section.href}>
            <Link href={section.href} className="settings-hub__item">
              <span className="settings-hub__title">{section.title}</span>
              <span className="settings-hub__text">{section.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
