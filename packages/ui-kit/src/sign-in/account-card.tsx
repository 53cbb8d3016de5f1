import './sign-in-form.css';
import { useId, type ReactNode } from 'react';

export type AccountCardProps = {
  title: string;
  /** Set while the card waits for something (a link being checked). */
  busy?: boolean;
  children: ReactNode;
};

/** The card of the signed-out account pages (password reset and the like), styled as the sign-in form. */
export function AccountCard({ title, busy, children }: AccountCardProps) {
  const titleId = useId();
  return (
    <section className="vk-sign-in" aria-labelledby={titleId} aria-busy={busy}>
      <h1 id={titleId} className="vk-sign-in__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
