import { Link } from 'wouter';

const SECTIONS = [
  { href: '/settings/form', title: 'Contact Form', text: 'Let visitors send you a voice or written message from your website.' },
  { href: '/settings/collect', title: 'Collections', text: 'A link anyone can use to record a voice message for you.' },
  { href: '/settings/payments', title: 'Payment History', text: 'Your invoices and receipts.' },
];

/** The settings hub: each part of the account has its own page. */
export default function SettingsPage() {
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title" className="page-header__title">
          Settings
        </h1>
      </header>
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
