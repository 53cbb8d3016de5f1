import './host-window-page.css';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { BrandHeader, Notice } from '@vocal/host-shell';
import { Button, SignInForm } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import { extensionIdSchema, sendCodeToExtension } from './extension-handoff.ts';

type Step = { state: 'ready' } | { state: 'done' } | { state: 'failed'; message: string };

/**
 * /hosts-sign-in?host=chrome-extension&extension=<id>: Vocal for Chrome signs in through the
 * web app once. The person signs in here (or is already); the page asks the server for a
 * one-time code and hands only the code to the extension, which claims a session of its own.
 * Already signed in, the person confirms first: a page that opened this one cannot connect an
 * extension to their account by itself.
 */
export function ExtensionSignInPage({ extensionId }: { extensionId: string | null }) {
  const api = webApi();
  const signedIn = useSyncExternalStore(
    (onChange) => api.session.subscribe(onChange),
    () => api.session.isAuthorized(),
  );
  const [step, setStep] = useState<Step>({ state: 'ready' });
  const validId = extensionIdSchema.safeParse(extensionId).data ?? null;

  const connect = async (): Promise<Step> => {
    if (!validId) return { state: 'failed', message: 'Open this page from Vocal for Chrome.' };
    const created = await api.createSessionHandoff();
    if (!created.ok) return { state: 'failed', message: created.error.msg };
    const reply = await sendCodeToExtension(validId, created.data.code);
    return reply.ok ? { state: 'done' } : { state: 'failed', message: reply.msg };
  };

  let content;
  if (!validId) {
    content = (
      <>
        <h1 className="host-window__title">Sign in from Vocal for Chrome</h1>
        <p className="host-window__lead">This page signs Vocal for Chrome in. Open it from the extension’s Sign in button.</p>
        <p className="host-window-page__links">
          To use Vocal here instead, <Link href="/login">sign in to the web app</Link>.
        </p>
      </>
    );
  } else if (step.state === 'done') {
    content = (
      <p className="host-window__done" role="status">
        Vocal for Chrome is signed in. Back to Gmail… (you can close this tab)
      </p>
    );
  } else if (!signedIn) {
    content = (
      <SignInForm
        title="Sign in to Vocal for Chrome"
        onSubmit={async (credentials) => {
          const result = await api.signIn(credentials);
          if (!result.ok) return { ok: false, message: result.error.msg };
          setStep(await connect());
          return { ok: true };
        }}
      />
    );
  } else {
    content = (
      <>
        <h1 className="host-window__title">Connect Vocal for Chrome</h1>
        <p className="host-window__lead">You are signed in to Vocal. Sign Vocal for Chrome in with this account?</p>
        <Button block onClick={async () => setStep(await connect())}>
          Connect Vocal for Chrome
        </Button>
        <Button block variant="ghost" onClick={() => api.logout()}>
          Use another account
        </Button>
      </>
    );
  }

  return (
    <div className="host-window-page">
      <main className="host-window">
        <BrandHeader />
        {content}
        {step.state === 'failed' ? <Notice tone="error">{step.message}</Notice> : null}
      </main>
    </div>
  );
}
