import type { ReactNode } from 'react';
import { ThemeProvider, useSystemTheme } from '@vocal/ui-kit';
import './listen-gone.css';

/** What the server may say about an expired message's sender (apps/api gone-page-service.ts). */
export type GoneSender = { name: string | null; askUrl: string | null };

type ListenGoneProps = { status: 404 | 410; message: string; sender?: GoneSender | null };

/** A clock for "expired", a broken link for "not here": the heading says it in words too. */
function GoneIcon({ expired }: { expired: boolean }) {
  return (
    <svg className="listen-gone__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      {expired ? (
        <>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </>
      ) : (
        <path
          d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1M4 4l16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/**
 * The one card a listen link shows when it cannot play yet or at all (gone, arriving, locked): the
 * app's theme as the visitor's system is, a badge, a heading, what follows, and the way to record
 * one's own where it helps.
 */
export function ListenNotice({
  id,
  badge,
  badgeClassName,
  title,
  busy,
  invite = true,
  className,
  children,
}: {
  id: string;
  badge: ReactNode;
  badgeClassName?: string;
  title: string;
  busy?: boolean;
  invite?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const theme = useSystemTheme();
  return (
    <ThemeProvider theme={theme} className={`listen-page listen-gone${className ? ` ${className}` : ''}`}>
      <main className="listen-gone__main">
        <section className="listen-gone__card" aria-labelledby={id} aria-busy={busy || undefined}>
          <span className={`listen-gone__badge${badgeClassName ? ` ${badgeClassName}` : ''}`}>{badge}</span>
          <h1 id={id} className="listen-gone__title">
            {title}
          </h1>
          {children}
        </section>
        {invite ? (
          <p className="listen-gone__more">
            Want to send your own? <a href="/signup">Record a voice message with Vocal</a>
          </p>
        ) : null}
      </main>
    </ThemeProvider>
  );
}

/**
 * A listen link that leads nowhere, in the app's own theme (light or dark as the visitor's
 * system is). Expired: who sent it and, where they take messages, a way to ask for it again.
 * Deleted and never-existing links read alike: the server cannot tell one from the other
 * without saying an account exists, and neither can this page.
 */
export function ListenGone({ status, sender }: ListenGoneProps) {
  const expired = status === 410;
  const name = sender?.name ?? null;
  const heading = expired ? 'This voice message has expired' : 'This voice message was deleted or doesn’t exist';
  const text = expired
    ? `${name ?? 'Its sender'} made it available for a limited time, and that time is over.`
    : 'Its sender may have deleted it, or the link may be incomplete. Check that you have the whole link.';
  return (
    <ListenNotice
      id="listen-gone-title"
      badge={<GoneIcon expired={expired} />}
      badgeClassName={expired ? 'listen-gone__badge--expired' : undefined}
      title={heading}
    >
      <p className="listen-gone__text">{text}</p>
      {expired && sender?.askUrl ? (
        <a className="vk-button vk-button--primary vk-button--link listen-gone__ask" href={sender.askUrl}>
          <span className="vk-button__layer vk-button__content">
            {name ? `Ask ${name} to send it again` : 'Ask the sender to send it again'}
          </span>
        </a>
      ) : null}
    </ListenNotice>
  );
}
