import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { parseLoginHash, type User } from '@vocal/settings-model';
import { Button, Spinner } from '@vocal/ui-kit';
import { discardLinkSession, identifyLinkAccount, type LinkAccount } from '../session/link-account.ts';
import { LinkSignInQuestion, whoIs } from '../session/link-sign-in-question.tsx';
import { webApi } from '../session/web-api.ts';

type Landing =
  | { step: 'working' }
  | { step: 'failed' }
  /** Someone else is signed in here: the link must not switch accounts without asking. */
  | { step: 'confirm'; current: User; link: LinkAccount; redirect: string }
  /** Nobody is signed in here: the link must not sign anyone in without asking either. */
  | { step: 'ask'; link: LinkAccount; redirect: string };

/**
 * Cross-app sign-in (spec sections 3 and 4): the hash holds base64 JSON {token, redirect};
 * the token is kept as both tokens, and the first call refreshes it into a proper pair.
 * The page says who the link signs in as and asks before signing in: when another account is
 * signed in here (issue 8), and when nobody is (issue 23): otherwise the next recording would
 * go to the link's maker.
 */
export default function AuthLandingPage() {
  const [, navigate] = useLocation();
  const [landing, setLanding] = useState<Landing>({ step: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once only: a refresh token in the link may be spent while finding out whose it is.
    if (started.current) return;
    started.current = true;
    const login = parseLoginHash(window.location.hash);
    // The hash holds a credential: take it out of the address bar and history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!login) {
      setLanding({ step: 'failed' });
      return;
    }
    const api = webApi();
    if (!api.session.isAuthorized()) {
      void (async () => {
        const link = await identifyLinkAccount(login.token);
        setLanding(link ? { step: 'ask', link, redirect: login.redirect } : { step: 'failed' });
      })();
      return;
    }
    void (async () => {
      const [current, link] = await Promise.all([api.getAccount(), identifyLinkAccount(login.token)]);
      if (!link) return setLanding({ step: 'failed' });
      if (!current.ok) {
        // Whoever was signed in here is no longer: nothing to ask about.
        api.session.setTokens(link.tokens);
        return navigate(login.redirect, { replace: true });
      }
      if (current.data.id === link.account.id) {
        await discardLinkSession(link);
        return navigate(login.redirect, { replace: true });
      }
      setLanding({ step: 'confirm', current: current.data, link, redirect: login.redirect });
    })();
  }, [navigate]);

  if (landing.step === 'ask') {
    const { link, redirect } = landing;
    return (
      <LinkSignInQuestion
        account={link.account}
        onContinue={() => {
          webApi().session.setTokens(link.tokens);
          navigate(redirect, { replace: true });
        }}
        onDecline={() => {
          void discardLinkSession(link).then(() => navigate('/login', { replace: true }));
        }}
      />
    );
  }

  if (landing.step === 'confirm') {
    const { current, link, redirect } = landing;
    const switchAccount = async () => {
      // Signed out first, so everything kept for the current account is dropped and the new one loads.
      await webApi().logout();
      webApi().session.setTokens(link.tokens);
      navigate(redirect, { replace: true });
    };
    const stay = async () => {
      await discardLinkSession(link);
      navigate(redirect, { replace: true });
    };
    return (
      <section className="error-page account-switch" aria-labelledby="account-switch-title">
        <h1 className="error-page__title" id="account-switch-title">
          Switch accounts?
        </h1>
        <p className="error-page__text">
          You are signed in as <strong className="account-switch__who">{whoIs(current)}</strong>.
        </p>
        <p className="error-page__text">
          This link signs you in as <strong className="account-switch__who">{whoIs(link.account)}</strong>.
        </p>
        <div className="account-switch__actions">
          <Button variant="primary" onClick={switchAccount}>
            Switch to {link.account.name.trim() || link.account.email}
          </Button>
          <Button variant="secondary" onClick={stay}>
            Stay as {current.name.trim() || current.email}
          </Button>
        </div>
      </section>
    );
  }

  if (landing.step === 'failed') {
    return (
      <section className="error-page">
        <h1 className="error-page__title">This sign-in link does not work</h1>
        <p className="error-page__text">It may have expired or been copied only in part.</p>
        <a className="error-page__link" href="/login">
          Sign in with your email
        </a>
      </section>
    );
  }
  return <Spinner label="Signing you in" />;
}
