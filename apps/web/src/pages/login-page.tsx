import '../accounts/account-pages.css';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { sameOriginPathSchema, type Credentials } from '@vocal/settings-model';
import { Button, CreateAccountForm, SignInForm } from '@vocal/ui-kit';
import { signupClosedText, useSignupPolicy } from '../accounts/use-signup-policy.ts';
import { webApi } from '../session/web-api.ts';

/** Why the person landed here, from the page that sent them. */
const NOTICES: Record<string, string> = {
  reset: 'Your new password is set and every device was signed out. Sign in with it.',
  deleted: 'Your account and everything in it have been deleted. Thank you for using Vocal.',
};

/**
 * Sign in. An email without an account is never created silently: a failed sign-in offers
 * "Create a new account for x@y?", and a short step asks the name before creating it.
 */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const redirect = sameOriginPathSchema.parse(search.get('redirect') ?? '/recordings');
  const notice = NOTICES[search.get('done') ?? ''];
  const policy = useSignupPolicy();
  const [creating, setCreating] = useState<Credentials | null>(null);
  const [lastFailure, setLastFailure] = useState<number | null>(null);
  const signupOpen = policy?.signup === 'open';

  const arrive = () => navigate(redirect === '/' ? '/recordings' : redirect, { replace: true });

  if (creating) {
    return (
      <div className="account-page">
        <CreateAccountForm
          email={creating.email}
          initialPassword={creating.password}
          onBack={() => setCreating(null)}
          onSubmit={async ({ name, password }) => {
            const result = await webApi().signUp({ email: creating.email, password, name });
            if (!result.ok) return { ok: false, message: result.error.msg };
            arrive();
            return { ok: true };
          }}
        />
      </div>
    );
  }

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
            : 'Sign in with your email and password. New to Vocal? Enter the email and password you want: we will offer to create your account.'
        }
        onSubmit={async (credentials) => {
          const result = await webApi().signInExisting(credentials);
          if (!result.ok) {
            setLastFailure(result.status);
            return { ok: false, message: result.error.msg };
          }
          arrive();
          return { ok: true };
        }}
        failureAction={(credentials) =>
          lastFailure !== 401 || !policy ? null : signupOpen ? (
            <Button variant="secondary" block onClick={() => setCreating(credentials)}>
              Create a new account for {credentials.email.trim()}?
            </Button>
          ) : (
            <p className="account-page__hint">{signupClosedText(policy)}</p>
          )
        }
        footer={
          <p className="vk-sign-in__footer">
            <Link href="/forgot-password">Forgot password?</Link>
          </p>
        }
      />
    </div>
  );
}
