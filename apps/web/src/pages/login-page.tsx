import '../accounts/account-pages.css';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { sameOriginPathSchema } from '@vocal/settings-model';
import { Button, SignInForm } from '@vocal/ui-kit';
import { accountHref } from '../accounts/account-href.ts';
import { signupClosedText, useSignupPolicy } from '../accounts/use-signup-policy.ts';
import { webApi } from '../session/web-api.ts';

/** Why the person landed here, from the page that sent them. */
const NOTICES: Record<string, string> = {
  reset: 'Your new password is set and every device was signed out. Sign in with it.',
  deleted: 'Your account and everything in it have been deleted. Thank you for using Vocal.',
};

/**
 * Sign in. An address without an account is answered plainly ("No account for x yet") with the
 * way to create it; new people have their own view, `/signup`, linked from here.
 */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const redirect = sameOriginPathSchema.parse(search.get('redirect') ?? '/recordings');
  const notice = NOTICES[search.get('done') ?? ''];
  const policy = useSignupPolicy();
  const [lastFailure, setLastFailure] = useState<number | null>(null);
  const signupOpen = policy?.signup === 'open';

  const arrive = () => navigate(redirect === '/' ? '/recordings' : redirect, { replace: true });

  return (
    <div className="account-page">
      {notice ? (
        <p className="account-page__notice" role="status">
          {notice}
        </p>
      ) : null}
      <SignInForm
        initialEmail={search.get('email') ?? ''}
        lead={
          policy && !signupOpen
            ? `Sign in with your email and password. ${signupClosedText(policy)}`
            : 'Welcome back. Sign in with your email and password.'
        }
        onSubmit={async (credentials) => {
          const result = await webApi().signInExisting(credentials);
          if (!result.ok) {
            setLastFailure(result.status);
            return { ok: false, message: result.error.msg, tone: result.status === 404 ? 'info' : 'error' };
          }
          arrive();
          return { ok: true };
        }}
        failureAction={(credentials) =>
          lastFailure !== 404 || !policy ? null : signupOpen ? (
            <Button
              variant="secondary"
              block
              // The password goes along in memory (history state), never in the address.
              onClick={() =>
                navigate(accountHref('/signup', { email: credentials.email.trim(), redirect }), { state: { password: credentials.password } })
              }
            >
              Create an account for {credentials.email.trim()}
            </Button>
          ) : (
            <p className="account-page__hint">{signupClosedText(policy)}</p>
          )
        }
        footer={
          <p className="vk-sign-in__footer">
            <Link href="/forgot-password">Forgot password?</Link>
            {policy && !signupOpen ? null : (
              <span>
                New to Vocal? <Link href={accountHref('/signup', { email: null, redirect })}>Create an account</Link>
              </span>
            )}
          </p>
        }
      />
    </div>
  );
}
