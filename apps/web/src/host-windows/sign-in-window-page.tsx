import './host-window-page.css';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { BrandHeader, createHostApi, createOpenerBridge, SignInWindow } from '@vocal/host-shell';
import { ExtensionSignInPage } from './extension-sign-in-page.tsx';
import { popupHostOfQuery } from './popup-host-of.ts';

/**
 * /hosts-sign-in?host=zendesk[&email=…]: the sign-in window a host's panel opens
 * (signInInPopup). The tokens go back by postMessage to the panel that opened it, and only
 * to one on our own origin; nothing is kept in this page. Vocal for Chrome's sign-in
 * (?host=chrome-extension&extension=<id>) is a tab, not a popup: it hands over a one-time code.
 */
export default function SignInWindowPage() {
  const search = useSearch();
  const query = new URLSearchParams(search);
  if (query.get('host') === 'chrome-extension') return <ExtensionSignInPage extensionId={query.get('extension')} />;
  return <PopupSignInWindowPage search={search} />;
}

function PopupSignInWindowPage({ search }: { search: string }) {
  const info = popupHostOfQuery(search);
  const email = new URLSearchParams(search).get('email') ?? undefined;
  const [{ api }] = useState(() => createHostApi());
  const bridge = useMemo(() => createOpenerBridge(), []);

  if (!info || !bridge.canHearParent()) {
    return (
      <div className="host-window-page">
        <main className="host-window">
          <BrandHeader />
          <h1 className="host-window__title">Sign in from your app</h1>
          <p className="host-window__lead">
            {info
              ? `This window signs you in to Vocal inside ${info.name}. Open it from the Vocal app there.`
              : 'This window signs you in to Vocal inside another app, and was opened without saying which.'}
          </p>
          <p className="host-window-page__links">
            To use Vocal here instead, <Link href="/login">sign in to the web app</Link>.
          </p>
        </main>
      </div>
    );
  }

  return (
    <div className="host-window-page">
      <SignInWindow api={api} send={bridge.send} hostName={info.name} initialEmail={email} />
    </div>
  );
}
