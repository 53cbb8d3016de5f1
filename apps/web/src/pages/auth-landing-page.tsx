import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { parseLoginHash } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/**
 * Cross-app sign-in (spec sections 3 and 4): the hash holds base64 JSON {token, redirect};
 * the token is kept as both tokens, and the first call refreshes it into a proper pair.
 */
export default function AuthLandingPage() {
  const [, navigate] = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const login = parseLoginHash(window.location.hash);
    // The hash holds a credential: take it out of the address bar and history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!login) {
      setFailed(true);
      return;
    }
    webApi().session.setTokens({ accessToken: login.token, refreshToken: login.token });
    navigate(login.redirect, { replace: true });
  }, [navigate]);

  if (failed) {
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
