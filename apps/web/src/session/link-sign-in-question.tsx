import type { User } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';

/** "Name (email)", or the email alone when there is no name. */
export const whoIs = (user: User) => (user.name.trim() ? `${user.name.trim()} (${user.email})` : user.email);

/**
 * Asked on /auth when nobody is signed in here (issue 23, finding 8): a sign-in link is a
 * credential anyone can hand to anyone, and followed without a word it signed a visitor into its
 * maker's account, where whatever they recorded next went. The page names the account and waits.
 */
export function LinkSignInQuestion(props: { account: User; onContinue: () => void; onDecline: () => void }) {
  const { account } = props;
  const name = account.name.trim() || account.email;
  return (
    <section className="error-page account-switch" aria-labelledby="link-sign-in-title">
      <h1 className="error-page__title" id="link-sign-in-title">
        Sign in as {name}?
      </h1>
      <p className="error-page__text">
        This link signs you in to Vocal as <strong className="account-switch__who">{whoIs(account)}</strong>.
      </p>
      <p className="error-page__text">
        Continue only if this is your account or you asked for this link: what you record next is saved there.
      </p>
      <div className="account-switch__actions">
        <Button variant="primary" onClick={props.onContinue}>
          Continue as {name}
        </Button>
        <Button variant="secondary" onClick={props.onDecline}>
          Don’t sign in
        </Button>
      </div>
    </section>
  );
}
